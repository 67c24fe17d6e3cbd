#!/bin/bash
# The shell completions the package installs, generated from the CLI as packaging/debian/rules
# does: bash completes every subcommand its --help lists, the options of add, edit, pause and resume
# and the days of pause --until, and the zsh and fish scripts name every subcommand.
source "$(dirname "$0")/lib.sh"

subcommands=$("$REVEILLE" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^[^ ]/ { on = 0 }
                                       on && /^  [a-z]/ { print $1 }' | grep -v '^help$')
[ -n "$subcommands" ] || fail "found no SUBCOMMANDS in 'reveille --help'"

script=$(mktemp)
trap 'rm -f "$script"' EXIT
"$REVEILLE" --generate-completion-script bash >"$script"
bash -n "$script" || fail "the bash completion script does not parse"

# What bash would offer after typing LINE and pressing Tab.
offered() {
    bash -c 'source "$1"; shift
             COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
             read -ra COMP_WORDS <<<"$COMP_LINE"
             [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
             COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
             _reveille reveille "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
             printf "%s\n" "${COMPREPLY[@]}"' completion "$script" "$@"
}

note "bash offers every subcommand"
top=$(offered "reveille ")
for command in $subcommands; do
    grep -qx -- "$command" <<<"$top" || fail "bash does not offer '$command' after 'reveille ': $(echo $top)"
done

note "bash offers the options of add and edit"
for command in add edit; do
    options=$(offered "reveille $command --")
    for option in --label --repeat --date --challenge --wake-check --snooze-minutes --max-snoozes; do
        grep -qx -- "$option" <<<"$options" || fail "bash does not offer '$option' after 'reveille $command --'"
    done
done

note "bash offers the options of pause and resume, and the day words of --until"
for option in --until --all; do
    grep -qx -- "$option" <<<"$(offered "reveille pause --")" || fail "bash does not offer '$option' after 'reveille pause --'"
done
grep -qx -- --all <<<"$(offered "reveille resume --")" || fail "bash does not offer '--all' after 'reveille resume --'"
grep -qx -- tomorrow <<<"$(offered "reveille pause --all --until ")" || fail "bash does not offer 'tomorrow' after '--until '"

note "bash offers the code cards' subcommands and the options of code new"
for command in new list remove; do
    grep -qx -- "$command" <<<"$(offered "reveille code ")" || fail "bash does not offer '$command' after 'reveille code '"
done
for option in --label --output; do
    grep -qx -- "$option" <<<"$(offered "reveille code new --")" || fail "bash does not offer '$option' after 'reveille code new --'"
done

note "zsh and fish name every subcommand"
for shell in zsh fish; do
    "$REVEILLE" --generate-completion-script "$shell" >"$script"
    for command in $subcommands; do
        grep -qw -- "$command" "$script" || fail "the $shell completion script does not name '$command'"
    done
    if command -v "$shell" >/dev/null; then "$shell" -n "$script" || fail "the $shell completion script does not parse"; fi
done
echo "completions cover the CLI"

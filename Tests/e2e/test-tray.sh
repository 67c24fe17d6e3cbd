#!/bin/bash
# The tray icon in a real StatusNotifierItem host: Debian's xfce4-panel, whose Status Tray plugin
# is the watcher and the host, under Xvfb on the test's own bus. The agent, started before the
# panel, registers once the watcher appears, and again when the panel restarts. Screenshots of
# the panel prove what the host draws: each icon's own colour appears in the panel (and the one
# before it is gone) with no alarm, with one set, while it rings (Status NeedsAttention) and once
# its next occurrence is skipped from the menu. The menu's Dismiss… and a left click (Activate)
# while ringing open the captcha, and the alarm rings until the captcha is solved.
# A click on the icon (xdotool) makes the panel open the agent's menu, or while ringing call
# Activate.
#   TRAY_SCREENSHOTS=DIR  also saves the README's pictures there: tray.png (the panel's corner in
#                         four states) and tray-menu.png (the menu the panel opened).
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
count_terminal_launches

ITEM=org.kde.StatusNotifierItem
MENU=com.canonical.dbusmenu
WATCHER=org.kde.StatusNotifierWatcher
PANEL_HEIGHT=32   # the panel's size in Tests/fixtures/xfce4-panel.xml; a line of border follows it
# The icon's centre: the tray is the panel's only plugin, at its left end.
ICON_X=13
ICON_Y=16
# The colours of the agent's icons (data/icons/hicolor/scalable/status/io.github.Reveille1-*.svg).
NO_ALARM='#77767b'
WILL_WAKE='#26a269'
CANNOT_WAKE='#9141ac'
SKIPPED='#1c71d8'
RINGING='#e01b24'

# ---- The panel, on a display of its own (lib.sh's start_display). Stopped with the session.

# No window manager runs: the panel places itself, and without the flag it waits 5 s for one.
start_panel() {
    run_beside panel xfce4-panel --disable-wm-check
    wait_until "the panel's tray is the watcher" 10 has_owner "$WATCHER"
}

# The plugin runs in a wrapper process of its own, which leaves with the panel.
stop_panel() {
    stop_beside panel
    wait_until "the watcher has left" 10 not has_owner "$WATCHER"
}

# ---- What the host sees and shows.

# The item the watcher lists for the agent's connection: "BUS-NAME/PATH".
agent_item() {
    local owner
    owner=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.GetNameOwner "$SERVICE" | sed -n "s/^('\(.*\)',)$/\1/p")
    busctl --user --json=short get-property "$WATCHER" /StatusNotifierWatcher "$WATCHER" RegisteredStatusNotifierItems |
        /usr/bin/python3 -c '
import json, sys
owner = sys.argv[1]
for entry in json.load(sys.stdin)["data"]:
    if entry.startswith(owner + "/") or entry == owner:
        print(entry if "/" in entry else entry + "/StatusNotifierItem")' "$owner"
}
registered() { [ -n "$(agent_item)" ]; }

# item_property NAME: the property of the registered item, as busctl prints its value.
item_property() {
    local entry
    entry=$(agent_item)
    busctl --user get-property "${entry%%/*}" "/${entry#*/}" "$ITEM" "$1" | cut -d' ' -f2-
}

# Saves the panel's strip of the screen as FILE.
screenshot() { import -window root -crop "x$PANEL_HEIGHT+0+0" +repage "$1"; }

# pixels_like FILE COLOUR: how many pixels of FILE are within 5% of COLOUR.
pixels_like() {
    convert "$1" -alpha off -fuzz 5% -fill black +opaque "$2" -fill white -opaque "$2" \
        -format '%[fx:round(mean*w*h)]' info:
}

# shows COLOUR NAME: a fresh screenshot of the panel, saved as NAME.png, has at least 60 pixels of
# COLOUR. Each icon, 22 px wide in this panel, fills more than 100 with its colour; the host draws
# when it likes, so callers retry with wait_until.
shows() {
    screenshot "$SESSION/$2.png"
    [ "$(pixels_like "$SESSION/$2.png" "$1")" -ge 60 ]
}

# lacks NAME COLOUR WHAT: the screenshot NAME.png has no icon of COLOUR: fewer than 20 such pixels,
# as the edges of an icon of another colour may have.
lacks() {
    local count
    count=$(pixels_like "$SESSION/$1.png" "$2")
    [ "$count" -lt 20 ] || fail "$3: $count pixels of $2 in $1.png"
}

# menus_cover: how many pixels below the panel are not black, as they are on an empty Xvfb: an
# open menu covers them (the agent's menu about 15000). The whole screen is kept as screen.png.
menus_cover() {
    import -window root "$SESSION/screen.png"
    lit_pixels "$SESSION/screen.png" -crop "x+0+$((PANEL_HEIGHT + 1))" +repage
}
menu_shown() { [ "$(menus_cover)" -gt 5000 ]; }

# A left click on the icon, as a person would; then the pointer leaves the panel, whose button
# would stay lit under it.
click_icon() { xdotool mousemove "$ICON_X" "$ICON_Y" click 1 mousemove 400 150; }

# The id of the menu item labelled LABEL, from the menu's GetLayout.
menu_item() {
    local entry
    entry=$(agent_item)
    busctl --user --json=short call "${entry%%/*}" /MenuBar "$MENU" GetLayout iias -- 0 -1 0 |
        /usr/bin/python3 -c '
import json, sys
label = sys.argv[1]
def walk(node):
    ident, props, children = node
    if props.get("label", {}).get("data") == label:
        yield ident
    for child in children:
        yield from walk(child["data"])
revision, root = json.load(sys.stdin)["data"]
print(next(walk(root), ""))' "$1"
}

# ---- The test.

mkdir -p "$XDG_CONFIG_HOME/xfce4/xfconf/xfce-perchannel-xml"
cp "$REPO/Tests/fixtures/xfce4-panel.xml" "$XDG_CONFIG_HOME/xfce4/xfconf/xfce-perchannel-xml/"
start_display 480x160
start_agent

# The agent was there first: it registers when the watcher appears.
start_panel
wait_until "the agent's item is registered" 10 registered
note "registered as $(agent_item)"
assert_eq "$(item_property Status)" '"Active"' "Status with no alarm"
assert_eq "$(item_property IconName)" '"io.github.Reveille1-no-alarm"' "IconName with no alarm"
assert_eq "$(item_property Menu)" '"/MenuBar"' "the menu's path"
wait_until "the panel shows the no-alarm icon" 10 shows "$NO_ALARM" no-alarm
note "no alarm: $(pixels_like "$SESSION/no-alarm.png" "$NO_ALARM") pixels of $NO_ALARM in the panel"

# A daily alarm, next in two hours: the icon says whether it will wake this machine, in its own colour.
id=$(add_alarm "$(date -u -d '+2 hours' +%H:%M)" --repeat daily --label "Work" --challenge math:easy 2>/dev/null)
wait_until "the icon leaves no-alarm" 5 not output_is = '"io.github.Reveille1-no-alarm"' item_property IconName
icon=$(item_property IconName)
case $icon in
'"io.github.Reveille1-will-wake"') scheduled=$WILL_WAKE ;;
'"io.github.Reveille1-cannot-wake"') scheduled=$CANNOT_WAKE ;;
*) fail "IconName with an alarm in two hours: $icon" ;;
esac
tooltip=$(item_property ToolTip)
note "scheduled: IconName $icon, ToolTip $tooltip"
assert_contains "$tooltip" "wake this machine" "the tooltip says whether the alarm will wake the machine"
wait_until "the panel shows the scheduled icon" 10 shows "$scheduled" scheduled
lacks scheduled "$NO_ALARM" "the no-alarm icon once an alarm is set"

# A click on the icon: the panel opens the agent's menu, read over dbusmenu; the pointer on the
# alarm's entry opens its submenu; Escape closes them.
click_icon
wait_until "the panel opens the menu" 10 menu_shown
one_menu=$(menus_cover)
xdotool mousemove 60 $((PANEL_HEIGHT + 15))
wait_until "the panel opens the alarm's submenu" 10 output_is -gt $((one_menu + 3000)) menus_cover
cp "$SESSION/screen.png" "$SESSION/menu.png"
xdotool key Escape key Escape mousemove 400 150
wait_until "the menus close" 5 not menu_shown

# Ringing: NeedsAttention, and the panel shows the red ringing icon in place of the other.
"$REVEILLE" trigger "$id"
wait_until "it rings" 10 is_ringing "$id"
wait_until "Status is NeedsAttention" 5 output_is = '"NeedsAttention"' item_property Status
wait_until "the panel shows the ringing icon" 10 shows "$RINGING" ringing
lacks ringing "$scheduled" "the scheduled icon while ringing"
note "ringing: $(pixels_like "$SESSION/ringing.png" "$RINGING") pixels of $RINGING in the panel"

# The menu's Dismiss… opens the captcha; the alarm rings until it is solved.
dismiss=$(menu_item "Dismiss…")
[ -n "$dismiss" ] || fail "no Dismiss… in the menu while ringing"
entry=$(agent_item)
gdbus call --session --dest "${entry%%/*}" --object-path /MenuBar --method "$MENU.Event" \
    "$dismiss" clicked '<"">' 0 >/dev/null
wait_until "the captcha shows its problem" 10 captcha_shows "= ?"
assert_eq "$(launches)" 1 "terminals launched by the menu's Dismiss"
is_ringing "$id" || fail "the menu's Dismiss silenced the alarm before the captcha was solved"
answer_captcha
wait_until "the alarm is dismissed" 10 not is_ringing "$id"
wait_until "Status is Active again" 5 output_is = '"Active"' item_property Status
wait_until "the panel shows the scheduled icon again" 10 shows "$scheduled" dismissed
lacks dismissed "$RINGING" "the ringing icon once dismissed"
wait_until "the solved captcha has left" 10 not captcha_open

# A left click on the icon while it rings: the item is no menu then, so the panel calls Activate,
# which opens the captcha as well.
"$REVEILLE" trigger "$id"
wait_until "it rings again" 10 is_ringing "$id"
wait_until "Status is NeedsAttention again" 5 output_is = '"NeedsAttention"' item_property Status
wait_until "the panel shows the ringing icon again" 10 shows "$RINGING" ringing-again
click_icon
wait_until "a click on the icon opens the captcha" 10 captcha_shows "= ?"
assert_eq "$(launches)" 2 "terminals launched by Dismiss, then the click"
is_ringing "$id" || fail "the click silenced the alarm before the captcha was solved"
answer_captcha
wait_until "the alarm is dismissed again" 10 not is_ringing "$id"

# The panel restarts: its new watcher knows nothing of the item until the agent registers again.
stop_panel
start_panel
wait_until "the agent registers with the new watcher" 10 registered
assert_eq "$(item_property IconName)" "$icon" "IconName once dismissed (the daily alarm's next occurrence)"
wait_until "the new panel shows the scheduled icon" 10 shows "$scheduled" restarted

# The menu's Skip next (in the alarm's submenu): the blue icon, and a notice that offers Undo.
skip=$(menu_item "Skip next")
[ -n "$skip" ] || fail "no Skip next in the menu of a daily alarm"
entry=$(agent_item)
gdbus call --session --dest "${entry%%/*}" --object-path /MenuBar --method "$MENU.Event" \
    "$skip" clicked '<"">' 0 >/dev/null
wait_until "IconName is the skipped icon" 5 output_is = '"io.github.Reveille1-skipped"' item_property IconName
wait_until "the panel shows the skipped icon" 10 shows "$SKIPPED" skipped
lacks skipped "$scheduled" "the scheduled icon once the next occurrence is skipped"
wait_until "the skip's notice" 5 output_is = "Work: the next occurrence is skipped" last_notify summary
assert_eq "$(last_notify buttons)" Undo "the buttons of the skip's notice"

# The README's pictures: the panel's corner with no alarm, one set, its next occurrence skipped
# and ringing, side by side at twice the size; and the menu the panel opened, with the panel.
if [ -n "${TRAY_SCREENSHOTS:-}" ]; then
    convert "$SESSION/no-alarm.png" "$SESSION/scheduled.png" "$SESSION/skipped.png" "$SESSION/ringing.png" \
        -crop 28x32+0+0 +repage -bordercolor '#deddda' -border 1 +append -scale 200% -strip "$TRAY_SCREENSHOTS/tray.png"
    # The menu's box below the panel: WxH+X+Y of what is not black there.
    box=$(convert "$SESSION/menu.png" -crop "x+0+$((PANEL_HEIGHT + 1))" +repage -format '%@' info:)
    read -r width height x y <<<"$(echo "$box" | tr 'x+' '  ')"
    convert "$SESSION/menu.png" -crop "$((x + width + 1))x$((PANEL_HEIGHT + 1 + y + height + 1))+0+0" +repage \
        -strip "$TRAY_SCREENSHOTS/tray-menu.png"
    note "saved $TRAY_SCREENSHOTS/tray.png and tray-menu.png"
fi
echo "the panel shows the tray icon in each state, NeedsAttention while ringing, and the agent's menu;"
echo "the menu's Dismiss… and a click on the ringing icon open the captcha"

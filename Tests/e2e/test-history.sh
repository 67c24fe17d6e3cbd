#!/bin/bash
# History and stats (issue 11 §4): a run snoozed then solved after a wrong answer, and an
# occurrence missed while the agent was stopped, read back through `reveille history`,
# `reveille stats` and GetHistory, each with its due instant; a bad filter changes nothing.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "late_grace = 3s"
start_agent

solve() { call SubmitAnswer ss "$1" "$(answer_of "$(challenge_field "$1" prompt)")" | awk '{ print $2 }'; }

due=$(($(date +%s) + 4))
woke=$(add_alarm "$(date -u -d "@$due" +%H:%M:%S)" --label "Snoozed once" --challenge math:easy)
wait_until "it rings" 15 is_ringing "$woke"
challenge_field "$woke" prompt >/dev/null
assert_eq "$(call SubmitAnswer ss "$woke" "not a number" | awk '{ print $2 }')" '"wrong"' "a wrong answer"
call Snooze s "$woke" >/dev/null
"$REVEILLE" trigger "$woke"
wait_until "it rings again" 5 is_ringing "$woke"
assert_eq "$(solve "$woke")" '"dismissed"' "solving it"

# Missed: due while the agent is stopped, more than late_grace before it starts again.
missed_due=$(($(date +%s) + 3))
missed=$(add_alarm "$(date -u -d "@$missed_due" +%H:%M:%S)" --label "Slept through" --challenge math:easy)
stop_agent
wait_for=$((missed_due + 5 - $(date +%s)))
[ "$wait_for" -le 0 ] || sleep "$wait_for"
start_agent

history_json() { "$REVEILLE" history --json; }
has_two() { [ "$(history_json | /usr/bin/python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" = 2 ]; }
wait_until "both occurrences are in the history" 10 has_two

history_json | /usr/bin/python3 -c '
import json, sys
woke, due, missed, missed_due = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
entries = json.load(sys.stdin)
assert [e["alarm_id"] for e in entries] == [missed, woke], entries
m, d = entries
assert (m["label"], m["due"], m["rang_at"], m["dismissed_at"], m["outcome"]) == ("Slept through", missed_due, 0, 0, "missed"), m
assert m["seconds_to_dismiss"] is None, m
assert (d["label"], d["due"], d["snoozes"], d["wrong_answers"], d["outcome"]) == ("Snoozed once", due, 1, 1, "dismissed"), d
assert due <= d["rang_at"] <= d["dismissed_at"], d
assert d["seconds_to_dismiss"] == d["dismissed_at"] - due, d
' "$woke" "$due" "$missed" "$missed_due" || fail "reveille history --json: $(history_json)"
echo "reveille history --json lists the dismissed run and the miss, newest first"

text=$("$REVEILLE" history)
echo "$text" | sed 's/^/  | /'
assert_contains "$text" "dismissed" "reveille history"
assert_contains "$text" "missed" "reveille history"
assert_contains "$text" "Snoozed once" "reveille history"
assert_eq "$("$REVEILLE" history --alarm "${woke:0:8}" --json | /usr/bin/python3 -c 'import json,sys; print([e["alarm_id"] for e in json.load(sys.stdin)])')" \
    "['$woke']" "reveille history --alarm PREFIX"

"$REVEILLE" stats --json | /usr/bin/python3 -c '
import json, sys
woke, missed = sys.argv[1], sys.argv[2]
stats = json.load(sys.stdin)
overall = stats["overall"]
assert (overall["dismissed"], overall["missed"], overall["snoozes_per_ring"]) == (1, 1, 1.0), overall
assert overall["median_seconds_to_dismiss"] >= 0, overall
assert (overall["current_streak"], overall["best_streak"]) == (0, 0), overall
alarms = {a["alarm_id"]: a for a in stats["alarms"]}
assert set(alarms) == {woke, missed}, alarms
assert (alarms[missed]["missed"], alarms[missed]["median_seconds_to_dismiss"], alarms[missed]["snoozes_per_ring"]) == (1, None, None), alarms
assert (alarms[woke]["dismissed"], alarms[woke]["snoozes_per_ring"]) == (1, 1.0), alarms
' "$woke" "$missed" || fail "reveille stats --json: $("$REVEILLE" stats --json)"
"$REVEILLE" stats | sed 's/^/  | /'
echo "reveille stats counts the dismissal, the snooze and the miss"

reply=$(gcall GetHistory "{'alarm': <'$woke'>, 'limit': <uint32 10>, 'since': <int64 $((due - 1))>}")
note "GetHistory: $reply"
assert_contains "$reply" "'outcome': <'dismissed'>" "GetHistory"
assert_contains "$reply" "'due': <int64 $due>" "GetHistory"
assert_contains "$reply" "'snoozes': <uint32 1>" "GetHistory"
assert_contains "$reply" "'wrong_answers': <uint32 1>" "GetHistory"
assert_not_contains "$reply" "$missed" "GetHistory for one alarm"
assert_eq "$(gcall GetHistory "{'limit': <uint32 1>}" | grep -o "'alarm_id'" | wc -l)" 1 "GetHistory's limit"
assert_eq "$(gcall GetHistory "{'since': <int64 $((missed_due + 1))>}")" "(@aa{sv} [],)" "GetHistory since after both"
# gdbus's plain numbers are int32: since and limit take them, as the alarm keys take any integer type.
assert_eq "$(gcall GetHistory "{'limit': <1>}" | grep -o "'alarm_id'" | wc -l)" 1 "GetHistory's limit as gdbus's int32"
assert_eq "$(gcall GetHistory "{'since': <$((missed_due + 1))>, 'limit': <int64 5>}")" "(@aa{sv} [],)" "GetHistory's since as an int32"
expect_error io.github.Reveille1.Error.InvalidArgument gcall GetHistory "{'limit': <-5>}"
expect_error io.github.Reveille1.Error.InvalidArgument gcall GetHistory "{'since': <'5'>}"
expect_error io.github.Reveille1.Error.InvalidArgument gcall GetHistory "{'limit': <uint32 1001>}"
expect_error io.github.Reveille1.Error.InvalidArgument gcall GetHistory "{'until': <int64 5>}"
expect_error io.github.Reveille1.Error.InvalidArgument gcall GetHistory "{'alarm': <'../x'>}"
has_two || fail "a refused filter changed the history"
echo "GetHistory filters by alarm, since and limit (any integer type), and refuses a bad filter"

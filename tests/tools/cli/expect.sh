# expect CODE PATTERN -- ARGS...: kcshim ARGS (stdin "abcdefg") exits CODE with exactly one line on
# stderr matching PATTERN; prints ok/FAIL and sets status=1 on failure. Sourced by the CLI tests,
# which set $kcshim and status=0 first (and $out, a scratch file, for run and has).
expect() {
	local code=$1 pattern=$2
	shift 3
	local err rc
	err=$(printf 'abcdefg' | "$kcshim" "$@" 2>&1 >/dev/null)
	rc=$?
	if [[ $rc -ne $code || $(printf '%s\n' "$err" | grep -c .) -ne 1 || ! $err =~ $pattern ]]; then
		echo "FAIL: kcshim $* -> exit $rc, stderr: $err"
		status=1
	else
		echo "ok   kcshim $* -> $err"
	fi
}

# run CODE ARGS...: kcshim ARGS must exit CODE; what it printed (stdout and stderr) goes to the
# file $out, which the sourcing test made.
run() {
	local code=$1
	shift
	"$kcshim" "$@" >"$out" 2>&1
	local rc=$?
	if [[ $rc -ne $code ]]; then
		echo "FAIL: kcshim $* -> exit $rc, expected $code"
		cat "$out"
		status=1
	else
		echo "ok   kcshim $* -> exit $rc"
	fi
}

# has REGEX: a line of what the last run printed matches
has() {
	if ! grep -Eq -- "$1" "$out"; then
		echo "FAIL: no line matches: $1"
		cat "$out"
		status=1
	fi
}

# expect CODE PATTERN -- ARGS...: kcshim ARGS (stdin "abcdefg") exits CODE with exactly one line on
# stderr matching PATTERN; prints ok/FAIL and sets status=1 on failure. Sourced by the CLI tests,
# which set $kcshim and status=0 first.
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

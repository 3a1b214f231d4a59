// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/tcrypt_parse.h"

#include <cstdio>
#include <string>

namespace kcshim::speed {
namespace {

// Drops a leading printk timestamp "[   19.230000] ".
std::string_view strip_stamp(std::string_view line)
{
	if (!line.empty() && line[0] == '[') {
		size_t close = line.find("] ");
		if (close != std::string_view::npos)
			return line.substr(close + 2);
	}
	return line;
}

bool is_open_test_line(const std::string &line)
{
	return line.rfind("tcrypt: test", 0) == 0 && line.size() >= 2 &&
	       line.compare(line.size() - 2, 2, ": ") == 0;
}

struct Section {
	std::string algo, driver;
	bool cipher = false, encrypt = true;
};

bool parse_header(const std::string &line, Section &sec)
{
	constexpr std::string_view lead = "testing speed of ";
	size_t at = line.find(lead);
	if (at == std::string::npos)
		return false;
	std::string rest = line.substr(at + lead.size());
	// Driver names hold parentheses ("cbc(cast5-generic)"): the driver runs from the first
	// " (" to the last ')'.
	size_t open = rest.find(" ("), close = rest.rfind(')');
	if (open == std::string::npos || close == std::string::npos || close < open)
		return false;
	std::string words = rest.substr(0, open);
	std::string driver = rest.substr(open + 2, close - open - 2);
	std::string tail = rest.substr(close + 1);
	size_t space = words.find(' ');
	if (space == std::string::npos)
		return false;
	std::string mode = words.substr(0, space), algo = words.substr(space + 1);
	if (mode != "sync" && mode != "async")
		return false;
	if (tail == " encryption" || tail == " decryption") {
		sec = {algo, driver, true, tail == " encryption"};
		return true;
	}
	if (tail.empty() && mode == "async") {
		sec = {algo, driver, false, true};
		return true;
	}
	return false;
}

}  // namespace

std::vector<TcryptLine> parse_tcrypt_log(std::string_view log, unsigned int secs)
{
	std::vector<TcryptLine> out;
	Section sec;
	std::string pending;
	size_t pos = 0;
	while (pos < log.size()) {
		size_t nl = log.find('\n', pos);
		std::string line(strip_stamp(log.substr(pos, nl == std::string_view::npos ? nl : nl - pos)));
		pos = nl == std::string_view::npos ? log.size() : nl + 1;
		if (parse_header(line, sec))
			continue;
		if (is_open_test_line(line)) {	// the result follows on the next line (6.1 printk)
			pending = line;
			continue;
		}
		if (!pending.empty()) {
			line = pending + line;
			pending.clear();
		}
		TcryptLine l{.algo = sec.algo, .driver = sec.driver, .cipher = sec.cipher,
			     .encrypt = sec.encrypt};
		l.secs = secs;
		unsigned int upd, opers;
		unsigned long bytes, cyc, cpb;
		int bits, blen, ops, s, cbytes;
		unsigned long long total;
		const char *t = line.c_str();
		// The kernel's formats, except that result fields carry no width: a printf width is a
		// minimum, a scanf width a maximum (2130937 opers/sec overflows "%6u").
		if (sscanf(t, "tcrypt: test%3u (%5u byte blocks,%5u bytes per update,%4u updates): "
			      "%u opers/sec, %lu bytes/sec",
			   &l.test, &l.blen, &l.plen, &upd, &opers, &bytes) == 6) {
			l.cipher = false;
			l.bcount = uint64_t(opers) * secs;
		} else if (sscanf(t, "tcrypt: test%3u (%5u byte blocks,%5u bytes per update,%4u updates): "
				     "%lu cycles/operation, %lu cycles/byte",
				  &l.test, &l.blen, &l.plen, &upd, &cyc, &cpb) == 6) {
			l.cipher = false;
			l.secs = 0;
			l.cycles = cyc * 8;
		} else if (sscanf(t, "tcrypt: test %u (%d bit key, %d byte blocks): "
				     "%d operations in %d seconds (%llu bytes)",
				  &l.test, &bits, &blen, &ops, &s, &total) == 6) {
			l.keysize = unsigned(bits / 8);
			l.blen = l.plen = unsigned(blen);
			l.bcount = unsigned(ops);
			l.secs = unsigned(s);
		} else if (sscanf(t, "tcrypt: test %u (%d bit key, %d byte blocks): "
				     "1 operation in %lu cycles (%d bytes)",
				  &l.test, &bits, &blen, &cyc, &cbytes) == 5) {
			l.keysize = unsigned(bits / 8);
			l.blen = l.plen = unsigned(blen);
			l.secs = 0;
			l.cycles = cyc * 8;
		} else {
			continue;
		}
		out.push_back(l);
	}
	return out;
}

double printed_rate(const TcryptLine &l)
{
	if (l.secs)
		return l.cipher ? double(l.bcount) / l.secs : double(l.bcount / l.secs);
	return l.cipher ? double((l.cycles + 4) / 8) : double(l.cycles / 8);
}

}  // namespace kcshim::speed

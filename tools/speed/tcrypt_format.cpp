// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/tcrypt_format.h"

#include <cstdarg>
#include <cstdio>

namespace kcshim::speed::tcrypt {
namespace {

// vsnprintf into a std::string: the kernel's format strings are used unchanged.
[[gnu::format(printf, 1, 2)]] std::string fmt(const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	char buf[512];
	int n = vsnprintf(buf, sizeof(buf), format, ap);
	va_end(ap);
	return std::string(buf, n < 0 ? 0 : std::min<size_t>(static_cast<size_t>(n), sizeof(buf) - 1));
}

std::string pr_info(const std::string &text)
{
	return std::string(prefix) + text;
}

std::string c_str(std::string_view s)
{
	return std::string(s);
}

}  // namespace

std::string hash_header(KernelVersion v, std::string_view algo, std::string_view driver)
{
	if (v == KernelVersion::v6_1)	// printk(KERN_INFO "\ntesting ...") carries no pr_fmt
		return fmt("\ntesting speed of async %s (%s)\n", c_str(algo).c_str(),
			   c_str(driver).c_str());
	return pr_info(fmt("testing speed of async %s (%s)\n", c_str(algo).c_str(),
			   c_str(driver).c_str()));
}

std::string hash_line(unsigned int test, const HashSpeed &s)
{
	return pr_info(fmt("test%3u (%5u byte blocks,%5u bytes per update,%4u updates): ", test,
			   s.blen, s.plen, s.blen / s.plen));
}

std::string hash_jiffies(KernelVersion v, const HashSpeed &s, unsigned int bcount, unsigned int secs)
{
	std::string text = fmt("%6u opers/sec, %9lu bytes/sec\n", bcount / secs,
			       static_cast<unsigned long>(static_cast<long>(bcount) * s.blen / secs));
	// 6.1's test_ahash_jiffies_digest() uses a bare printk: a new record, hence a new line.
	if (v == KernelVersion::v6_1 && s.plen == s.blen)
		return "\n" + text;
	return text;
}

std::string hash_cycles(const HashSpeed &s, unsigned long cycles)
{
	return fmt("%6lu cycles/operation, %4lu cycles/byte\n", cycles / 8, cycles / (8 * s.blen));
}

std::string cipher_header(KernelVersion v, bool async, std::string_view algo,
			  std::string_view driver, bool encrypt)
{
	return pr_info(fmt(v == KernelVersion::v6_1 ? "\ntesting speed of %s %s (%s) %s\n"
						     : "testing speed of %s %s (%s) %s\n",
			   async ? "async" : "sync", c_str(algo).c_str(), c_str(driver).c_str(),
			   encrypt ? "encryption" : "decryption"));
}

std::string cipher_line(const CipherSpeed &s)
{
	return pr_info(fmt("test %u (%d bit key, %d byte blocks): ", s.test,
			   static_cast<int>(s.keysize * 8), static_cast<int>(s.blen)));
}

std::string cipher_jiffies(const CipherSpeed &s, unsigned int bcount, unsigned int secs)
{
	return fmt("%d operations in %d seconds (%llu bytes)\n", static_cast<int>(bcount),
		   static_cast<int>(secs), static_cast<unsigned long long>(bcount) * s.blen);
}

std::string cipher_cycles(const CipherSpeed &s, unsigned long cycles)
{
	return fmt("1 operation in %lu cycles (%d bytes)\n", (cycles + 4) / 8,
		   static_cast<int>(s.blen));
}

std::string load_failed(std::string_view algo, long err)
{
	return pr_info(fmt("failed to load transform for %s: %ld\n", c_str(algo).c_str(), err));
}

std::string op_failed(std::string_view what, uint32_t flags)
{
	return pr_info(fmt("%s() failed flags=%x\n", c_str(what).c_str(), flags));
}

std::string num_mb_forced()
{
	return pr_info("num_mb must be at least 1; forcing to 1\n");
}

std::string tests_failed()
{
	return pr_info("one or more tests failed!\n");
}

std::string selftest_passed(std::string_view driver, std::string_view alg)
{
	return fmt("alg: self-tests for %s (%s) passed\n", c_str(driver).c_str(), c_str(alg).c_str());
}

std::string selftest_failed(std::string_view alg, std::string_view driver, int rc)
{
	// pr_warn without a trailing "\n" in testmgr; the next record starts a new line anyway.
	return fmt("alg: self-tests for %s using %s failed (rc=%d)\n", c_str(alg).c_str(),
		   c_str(driver).c_str(), rc);
}

std::string selftest_none(std::string_view alg, std::string_view driver)
{
	return fmt("alg: No test for %s (%s)\n", c_str(alg).c_str(), c_str(driver).c_str());
}

}  // namespace kcshim::speed::tcrypt

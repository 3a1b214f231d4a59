// SPDX-License-Identifier: GPL-2.0
// tcrypt's output, byte for byte: every string here is the expansion of a format string in the
// kernel's crypto/tcrypt.c (pr_fmt "tcrypt: " on pr_info/pr_err, none on pr_cont and bare printk).
// Inputs are the raw counters tcrypt holds (bcount, secs, summed cycles), so the integer divisions
// happen exactly where the kernel does them.
//
// 6.1 differs from 6.12 in printk details: headers start with "\n" (and the hash header is a bare
// printk, so it has no "tcrypt: "), and the digest-path jiffies result is a bare printk rather than
// pr_cont, which the 6.1 printk puts on a line of its own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tools/speed/templates.h"

namespace kcshim::speed::tcrypt {

inline constexpr std::string_view prefix = "tcrypt: ";

// "testing speed of async %s (%s)\n" (async for sync runs too, as the kernel prints).
std::string hash_header(KernelVersion v, std::string_view algo, std::string_view driver);
// "test%3u (%5u byte blocks,%5u bytes per update,%4u updates): "
std::string hash_line(unsigned int test, const HashSpeed &s);
// "%6u opers/sec, %9lu bytes/sec\n" from bcount operations in secs seconds.
std::string hash_jiffies(KernelVersion v, const HashSpeed &s, unsigned int bcount, unsigned int secs);
// "%6lu cycles/operation, %4lu cycles/byte\n" from the cycles summed over the 8 timed operations.
std::string hash_cycles(const HashSpeed &s, unsigned long cycles);

// "testing speed of %s %s (%s) %s\n": sync|async, algo, driver, encryption|decryption.
std::string cipher_header(KernelVersion v, bool async, std::string_view algo,
			  std::string_view driver, bool encrypt);
// "test %u (%d bit key, %d byte blocks): "
std::string cipher_line(const CipherSpeed &s);
// "%d operations in %d seconds (%llu bytes)\n"
std::string cipher_jiffies(const CipherSpeed &s, unsigned int bcount, unsigned int secs);
// "1 operation in %lu cycles (%d bytes)\n" with (cycles + 4) / 8.
std::string cipher_cycles(const CipherSpeed &s, unsigned long cycles);

// pr_err("failed to load transform for %s: %ld\n")
std::string load_failed(std::string_view algo, long err);
// pr_err("%s() failed flags=%x\n") for setkey, encryption, decryption.
std::string op_failed(std::string_view what, uint32_t flags);
// pr_err("one or more tests failed!\n") from tcrypt_mod_init.
std::string tests_failed();
// 7.x's tcrypt_mod_init: pr_warn("num_mb must be at least 1; forcing to 1\n").
std::string num_mb_forced();

// testmgr's alg_test() lines for the self-test modes.
std::string selftest_passed(std::string_view driver, std::string_view alg);
std::string selftest_failed(std::string_view alg, std::string_view driver, int rc);
std::string selftest_none(std::string_view alg, std::string_view driver);

}  // namespace kcshim::speed::tcrypt

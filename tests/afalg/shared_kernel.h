/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel the kernel-labelled tests talk to: this host's AF_ALG if it has
 * one, else a user-mode Linux guest booted once per process.
 */
#pragma once

#include <string>

#include "afalg/endpoint/kernel_endpoint.h"
#include "tests/support/bytes.h"

namespace kcshim::afalg::test {

/*
 * The shared endpoint, or nullptr with @why set: a skip reason when neither
 * AF_ALG nor user-mode-linux exists, a failure message if UML failed to boot.
 * @skip is set true only in the first case.
 */
KernelEndpoint *kernel(std::string &why, bool &skip);

/* "local AF_ALG" or "user-mode Linux (boot N ms)" */
std::string kernel_description();

/* Hex helpers for known-answer tests. */
using kcshim_test::hex;
using kcshim_test::unhex;

} /* namespace kcshim::afalg::test */

/* In a TEST body: get the kernel or skip/fail with the reason. */
#define KCSHIM_NEED_KERNEL(ep)                                                   \
	std::string why_;                                                        \
	bool skip_ = false;                                                      \
	kcshim::afalg::KernelEndpoint *ep = kcshim::afalg::test::kernel(why_, skip_); \
	if (!ep && skip_)                                                        \
		GTEST_SKIP() << why_;                                            \
	ASSERT_NE(ep, nullptr) << why_

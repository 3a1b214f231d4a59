// SPDX-License-Identifier: GPL-2.0
// kcshim tcrypt --kernel uml|vm:...: our tcrypt run, then the kernel's own tcrypt.ko with the
// same parameters in an embedded kernel (afalg/kernels), then one table pairing their lines with a
// ratio column. This is the fidelity check: the same generic C should run at the same speed in
// kcshim and in a kernel on the same CPU (user-mode Linux, or a VM under KVM; under qemu's TCG the
// kernel's figures measure emulation and the table says so).
#pragma once

#include <string>
#include <vector>

#include "afalg/kernels/guest.h"
#include "tools/speed/tcrypt_run.h"

namespace kcshim::speed {

struct PairedLine {
	TcryptLine ours;
	TcryptLine kernel;
	double ratio;	// kcshim rate / kernel rate (ops/sec: > 1 means kcshim is faster)
};

// Pairs lines with the same algorithm, direction and test index.
std::vector<PairedLine> pair_lines(const std::vector<TcryptLine> &ours,
				   const std::vector<TcryptLine> &kernel);

// The table: "test  block  update  kcshim  kernel  ratio" (cipher: key bits and direction).
std::string side_by_side_table(const std::vector<PairedLine> &pairs, const std::string &kernel_name);

// Runs both and prints to stdout; false when either side failed. Needs sec > 0 (a guest's cycle
// counter is not this CPU's). Throws Error on bad parameters or when the guest cannot run.
bool run_side_by_side(TcryptParams p, const afalg::KernelTarget &target,
		      const afalg::GuestOptions &opt);

}  // namespace kcshim::speed

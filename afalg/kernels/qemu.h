/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The qemu backend of guest.h: Debian's arm64 and x86-64 kernels (debian_kernel.h) booted with
 * qemu-system-aarch64 / qemu-system-x86_64 and an initramfs of our own (initramfs.h): the
 * static init of guest/ runs the job kcshim writes for each boot, the static bridge serves
 * AF_ALG on a virtio-serial port that qemu connects to a Unix socket in the work directory.
 *
 * Accelerator: KVM only where the guest's arch is the host's, /dev/kvm opens and a probe boot
 * reaches our init (cached per host boot in the cache directory); otherwise TCG, and every
 * timing from the guest measures emulation.  The guest never has a network (-nic none).
 */
#pragma once

#include <memory>

#include "afalg/kernels/guest.h"

namespace kcshim::afalg {

/* Fetches the kernel (cached), makes the initramfs (cached), decides the accelerator. */
Result<std::unique_ptr<Guest>> make_qemu_guest(const KernelTarget &t, const GuestOptions &opt);

} /* namespace kcshim::afalg */

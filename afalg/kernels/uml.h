/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user-mode Linux backend of guest.h: Debian's linux.uml (package user-mode-linux) as a
 * process, with the host's / as a hostfs root and a shell script of ours as PID 1 in a private
 * work directory (GuestProcess).  The bridge is a host binary run over hostfs on a console
 * wired to host pipes (con1=fd:3,fd:4 = /dev/tty1 in the guest, put in raw mode by the bridge).
 *
 * Modules: the stock modprobe looks in the host's /lib/modules, which has no UML modules, so
 * request_module() would fail with an ENOENT that looks like a missing algorithm.  The work
 * directory gets a module root linking /usr/lib/uml/modules/<release> and a modprobe helper
 * that uses it, made the kernel's modprobe by the init script.
 *
 * On hosts with AVX-512 or AMX, Debian's UML panics at its first process unless
 * uml_xstate_preload.c is preloaded into it: every boot does that.
 */
#pragma once

#include <memory>
#include <string>

#include "afalg/kernels/guest.h"

namespace kcshim::afalg {

/* Errors: -ENOENT/setup with an install hint when user-mode-linux, kmod or the preload is missing. */
Result<std::unique_ptr<Guest>> make_uml_guest(const GuestOptions &opt);

/* The UML binary a guest would run (@hint, else /usr/bin/linux.uml, else /usr/bin/vmlinux), or -ENOENT/setup with a hint. */
Result<std::string> find_uml(const std::string &hint = {});

} /* namespace kcshim::afalg */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The init's diagnostics: one line each, "kcshim-init: " first, on the
 * kernel's console (the launcher reads them from the serial log).
 */
#pragma once

#include <string_view>

namespace kcshim::guest {

/*
 * Opens /dev/console for say(), and makes it stdin, stdout and stderr for
 * the programs `run` starts when the kernel left those closed (no
 * /dev/console node in the initramfs).  Needs /dev mounted.  Until then, and
 * when it fails, say() writes to stderr.
 */
void open_console();

/* Writes "kcshim-init: LINE\n" in one write(). */
void say(std::string_view line);

} /* namespace kcshim::guest */

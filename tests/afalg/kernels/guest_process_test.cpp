// SPDX-License-Identifier: GPL-2.0
/* afalg/kernels/guest_process.h: the one console line a guest's failure is reported with. */
#include <gtest/gtest.h>

#include "afalg/kernels/guest_process.h"

namespace kcshim::afalg {
namespace {

/* arm64 6.12's panic when the init cannot run: the stack follows the reason. */
const char *panic_console =
	"[    3.512000] Run /init as init process\n"
	"[    3.670000] Kernel panic - not syncing: No working init found.\n"
	"[    3.671000] CPU: 0 UID: 0 PID: 1 Comm: swapper/0 Not tainted 6.12.118 #1\n"
	"[    3.672000] Call trace:\n"
	"[    3.676869]  panic+0x160/0x378\n"
	"[    3.677000]  kernel_init+0x140/0x150\n"
	"[    3.678000]  ret_from_fork+0x10/0x20\n";

TEST(ConsoleSummary, StackLinesUnderATimestampAreNotTheReason)
{
	EXPECT_EQ(console_summary(panic_console, {}),
		  "[    3.670000] Kernel panic - not syncing: No working init found.");
}

TEST(ConsoleSummary, AMarkerLaterThanTheGenericWordsWins)
{
	std::string console = std::string(panic_console) + "kcshim-init: job failed\n";
	EXPECT_EQ(console_summary(console, {"kcshim-init"}), "kcshim-init: job failed");
}

TEST(ConsoleSummary, LinesWithoutTimestampsAndEmptyConsoles)
{
	EXPECT_EQ(console_summary("booting\n  indented error\nlast words\n", {}), "last words");
	EXPECT_EQ(console_summary("", {}), "(empty)");
	/* a bracket that is not a time stamp is part of the message */
	EXPECT_EQ(console_summary("[ok] mounted\n", {}), "[ok] mounted");
}

} /* namespace */
} /* namespace kcshim::afalg */

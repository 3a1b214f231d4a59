// SPDX-License-Identifier: GPL-2.0
// --plot FILE.svg|FILE.png: throughput against block size, one line per driver, drawn by gnuplot
// (found on PATH at run time). Only one-update lines are plotted (update == block): they are the
// throughput-vs-size curve; the split-update lines measure update overhead instead.
#pragma once

#include <string>

#include "tools/speed/report.h"

namespace kcshim::speed {

// The gnuplot script, with the data inline; out_path picks the terminal by extension.
std::string gnuplot_script(const SpeedReport &r, const std::string &out_path);
// Runs gnuplot on it; throws Error if the extension is not .svg/.png or gnuplot fails.
void plot_report(const SpeedReport &r, const std::string &out_path);

}  // namespace kcshim::speed

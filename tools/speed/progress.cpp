// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/progress.h"

#include <cstdio>
#include <unistd.h>

namespace kcshim::speed {

Progress::Progress(unsigned int total, double expected_seconds)
	: total_(total), enabled_(isatty(STDERR_FILENO) && expected_seconds > 3)
{
}

Progress::~Progress()
{
	if (enabled_)
		fprintf(stderr, "\r\033[K");
}

void Progress::step(const std::string &what)
{
	done_++;
	if (!enabled_ || !total_)
		return;
	constexpr unsigned int width = 30;
	unsigned int filled = done_ * width / total_;
	std::string bar(filled, '#');
	bar.resize(width, ' ');
	fprintf(stderr, "\r\033[K[%s] %u/%u %s", bar.c_str(), done_, total_, what.c_str());
	fflush(stderr);
}

}  // namespace kcshim::speed

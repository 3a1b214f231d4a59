/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The job file, /kcshim/job: what the guest init does, one command a line
 * (README.md in this folder).  Parsing only; job_runner.h runs it.
 */
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kcshim::guest {

struct JobCommand {
	enum class Kind {
		modprobe,	/* args: NAME, PARAM=VALUE... */
		port,		/* args: NAME */
		run,		/* args: the program's argv, ARG0 its path */
		klog,		/* no args: send the log to the port; "clear": empty it */
		coldplug,	/* no args */
		echo,		/* args: TEXT, the rest of the line as written */
		sysctl,		/* args: NAME (a.b.c), VALUE */
		unknown,	/* args: the command word */
		bad,		/* args: what is wrong with a known command's line */
	};
	Kind kind;
	unsigned int line;	/* from 1 */
	std::vector<std::string> args;
};

/*
 * The commands of TEXT in order.  Blank lines and lines starting with '#'
 * are skipped; arguments are split on spaces and tabs.  A line that cannot
 * be a command becomes an `unknown` or `bad` one, for the runner to report
 * in its place.
 */
std::vector<JobCommand> parse_job(std::string_view text);

/* The value `run` puts in place of an argument "@port". */
inline constexpr std::string_view port_placeholder = "@port";

} /* namespace kcshim::guest */

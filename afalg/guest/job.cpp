// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/job.h"

#include "afalg/guest/text.h"

namespace kcshim::guest {

static JobCommand parse_line(unsigned int number, std::string_view line)
{
	using Kind = JobCommand::Kind;
	auto words = split_words(line);
	std::string_view verb = words.front();
	std::vector<std::string> args(words.begin() + 1, words.end());
	auto bad = [&](std::string why) { return JobCommand{Kind::bad, number, {std::move(why)}}; };

	if (line.find('\0') != std::string_view::npos)
		return bad("a NUL byte: not a text line");
	if (verb == "modprobe")
		return args.empty() ? bad("modprobe needs a module name")
				    : JobCommand{Kind::modprobe, number, std::move(args)};
	if (verb == "port")
		return args.size() != 1 ? bad("port needs one port name")
					: JobCommand{Kind::port, number, std::move(args)};
	if (verb == "run")
		return args.empty() ? bad("run needs a program")
				    : JobCommand{Kind::run, number, std::move(args)};
	if (verb == "klog")
		return args.empty() || (args.size() == 1 && args[0] == "clear")
			       ? JobCommand{Kind::klog, number, std::move(args)}
			       : bad("klog takes no arguments, or clear");
	if (verb == "coldplug")
		return !args.empty() ? bad("coldplug takes no arguments")
				     : JobCommand{Kind::coldplug, number, {}};
	if (verb == "sysctl")
		return args.size() != 2 || args[0].find('/') != std::string::npos ||
				       args[0].find("..") != std::string::npos
			       ? bad("sysctl needs NAME VALUE, NAME dotted (crypto.af_alg_restrict)")
			       : JobCommand{Kind::sysctl, number, std::move(args)};
	if (verb == "echo")
		return {Kind::echo, number, {std::string(trim(line.substr(verb.size())))}};
	return {Kind::unknown, number, {std::string(verb)}};
}

std::vector<JobCommand> parse_job(std::string_view text)
{
	std::vector<JobCommand> commands;
	for_each_line(text, [&](unsigned int number, std::string_view line) {
		commands.push_back(parse_line(number, line));
	});
	return commands;
}

} /* namespace kcshim::guest */

// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/plot.h"

#include <cstdio>
#include <memory>
#include <sstream>

#include <sys/wait.h>

#include "tools/speed/error.h"

namespace kcshim::speed {
namespace {

bool ends_with(const std::string &s, const std::string &suffix)
{
	return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A gnuplot single-quoted string: only ' needs doubling.
std::string quote(const std::string &s)
{
	std::string q = "'";
	for (char c : s)
		q += c == '\'' ? std::string("''") : std::string(1, c);
	return q + "'";
}

struct PcloseDeleter {
	void operator()(FILE *f) const
	{
		if (f)
			pclose(f);
	}
};

}  // namespace

std::string gnuplot_script(const SpeedReport &r, const std::string &out_path)
{
	std::ostringstream s;
	if (ends_with(out_path, ".svg"))
		s << "set terminal svg size 900,560 dynamic noenhanced font 'sans,12'\n";
	else if (ends_with(out_path, ".png"))
		s << "set terminal pngcairo noenhanced size 900,560 font 'sans,10'\n";
	else
		throw Error("--plot needs a .svg or .png file name, got " + out_path);
	s << "set output " << quote(out_path) << "\n"
	  << "set title " << quote(r.alg + ": throughput by block size (" + r.kind + ")") << "\n"
	  << "set xlabel 'block size (bytes)'\nset ylabel 'MB/s (10^6 bytes/s)'\n"
	  << "set logscale x 2\nset grid\nset key top left\n";
	for (size_t i = 0; i < r.drivers.size(); i++) {
		s << "$d" << i << " << EOD\n";
		for (const SpeedRow &row : r.rows) {
			auto it = row.results.find(r.drivers[i]);
			if (row.update == row.block && it != row.results.end())
				s << row.block << " " << it->second.mb_per_s << "\n";
		}
		s << "EOD\n";
	}
	s << "plot ";
	for (size_t i = 0; i < r.drivers.size(); i++)
		s << (i ? ", " : "") << "$d" << i << " using 1:2 with linespoints title "
		  << quote(r.drivers[i]);
	s << "\n";
	return s.str();
}

void plot_report(const SpeedReport &r, const std::string &out_path)
{
	std::string script = gnuplot_script(r, out_path);
	std::unique_ptr<FILE, PcloseDeleter> gp(popen("gnuplot", "w"));
	if (!gp)
		throw Error("cannot run gnuplot (apt-get install gnuplot-nox)");
	fwrite(script.data(), 1, script.size(), gp.get());
	int status = pclose(gp.release());
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		throw Error(WIFEXITED(status) && WEXITSTATUS(status) == 127
				    ? "cannot run gnuplot (apt-get install gnuplot-nox)"
				    : "gnuplot failed to draw " + out_path);
}

}  // namespace kcshim::speed

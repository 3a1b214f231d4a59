// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by every KernelEndpoint implementation. */
#include "afalg/endpoint/kernel_endpoint.h"

#include <cerrno>
#include <cstring>

namespace kcshim::afalg {

const char *stage_name(Stage s)
{
	switch (s) {
	case Stage::none: return "none";
	case Stage::bind: return "bind";
	case Stage::setkey: return "setkey";
	case Stage::accept: return "accept";
	case Stage::send: return "send";
	case Stage::recv: return "recv";
	case Stage::transport: return "transport";
	case Stage::auth: return "auth";
	case Stage::limit: return "limit";
	case Stage::setup: return "setup";
	}
	return "unknown";
}

std::string describe(const Error &e)
{
	std::string s = std::to_string(e.err);
	if (e.err < 0) {
		s += " (";
		s += strerrorname_np(-e.err) ? strerrorname_np(-e.err) : "?";
		s += ")";
	}
	s += " at ";
	s += stage_name(e.stage);
	if (!e.what.empty())
		s += ": " + e.what;
	return s;
}

std::vector<DriverInfo> usable_drivers(const std::vector<DriverInfo> &all)
{
	std::vector<DriverInfo> out;
	for (const auto &d : all)
		if (!d.internal && d.selftest_passed)
			out.push_back(d);
	return out;
}

int check_speed_request(const SpeedRequest &q)
{
	if (q.duration_ms < 1 || q.duration_ms > max_speed_ms)
		return -EINVAL;
	if (q.block < 1 || q.block > max_speed_block)
		return -EINVAL;
	if (!q.skcipher && (q.update < 1 || q.update > q.block))
		return -EINVAL;
	if (q.skcipher && !q.key)
		return -EINVAL;
	return 0;
}

Result<SpeedResult> KernelEndpoint::speed(const SpeedRequest &)
{
	return fail(-EOPNOTSUPP, Stage::transport, "SPEED not implemented by this endpoint");
}

} /* namespace kcshim::afalg */

// SPDX-License-Identifier: GPL-2.0
// Saved speed reports (`kcshim speed --save`, read by `kcshim compare`): any text either parses
// as a version-1 report or throws kcshim::speed::Error -- nothing else escapes -- and a report
// that parses survives the round trip through JSON, and prints as CSV.
#include <cstdlib>
#include <string_view>

#include "tools/speed/error.h"
#include "tools/speed/report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	using namespace kcshim::speed;
	SpeedReport r;
	try {
		r = parse_report({reinterpret_cast<const char *>(data), size});
	} catch (const Error &) {
		return 0;
	}
	SpeedReport again = parse_report(report_to_json(r));
	if (again.alg != r.alg || again.rows.size() != r.rows.size() || again.drivers != r.drivers)
		abort();
	(void)report_to_csv(r);
	return 0;
}

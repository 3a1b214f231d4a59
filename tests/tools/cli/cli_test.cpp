// SPDX-License-Identifier: GPL-2.0
// The built kcshim CLI as a user runs it: bad parameters give one "kcshim: ..." line on stderr and
// a non-zero exit; speed modes print tcrypt's lines (checked by shape and count, never by speed).
#include <algorithm>
#include <cstdio>
#include <sstream>

#include <gtest/gtest.h>

#include "tools/speed/report.h"
#include "tests/support/run_cli.h"
#include "tools/speed/tcrypt_parse.h"

namespace kcshim::test {
namespace {

size_t count_lines(const std::string &s)
{
	return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
}

void expect_one_line_error(const std::vector<std::string> &args, const std::string &needle)
{
	CliResult r = run_cli(args);
	std::string cmd;
	for (const auto &a : args)
		cmd += " " + a;
	EXPECT_NE(r.status, 0) << "kcshim" << cmd;
	EXPECT_EQ(count_lines(r.err), 1u) << "kcshim" << cmd << " stderr:\n" << r.err;
	EXPECT_EQ(r.err.rfind("kcshim: ", 0), 0u) << r.err;
	EXPECT_NE(r.err.find(needle), std::string::npos) << "kcshim" << cmd << ": " << r.err;
	EXPECT_EQ(r.out, "") << "kcshim" << cmd;
}

TEST(TcryptCli, UnknownModeIsOneLineError)
{
	expect_one_line_error({"tcrypt", "mode=9999"}, "unknown mode 9999");
}

TEST(TcryptCli, UnknownAlgIsOneLineError)
{
	expect_one_line_error({"tcrypt", "mode=300", "alg=no-such-hash"},
			      "unknown algorithm: no-such-hash");
}

TEST(TcryptCli, NegativeSecIsOneLineError)
{
	expect_one_line_error({"tcrypt", "mode=323", "sec=-1"}, "sec=-1");
}

TEST(TcryptCli, TooLargeKlenIsOneLineError)
{
	expect_one_line_error({"tcrypt", "mode=300", "alg=sha512", "klen=100000"}, "klen=100000");
}

TEST(TcryptCli, CyclesModePrints22HashLines)
{
	CliResult r = run_cli({"tcrypt", "mode=306"});
	ASSERT_EQ(r.status, 0) << r.err;
	auto lines = kcshim::speed::parse_tcrypt_log(r.out, 0);
	EXPECT_EQ(lines.size(), 22u) << r.out;
	EXPECT_NE(r.out.find("kcshim: cycle counter: "), std::string::npos);
	// the driver a lookup of "sha512" wins on this CPU: sha512-generic or an arch variant
	EXPECT_NE(r.out.find("tcrypt: testing speed of async sha512 (sha512-"), std::string::npos)
		<< r.out;
}

TEST(TcryptCli, Mode209PrintsSixSectionsOf14Lines)
{
	for (const char *version : {"6.1", "6.12", "7.3"}) {
		CliResult r = run_cli({"tcrypt", "mode=209", "--kernel-version", version});
		ASSERT_EQ(r.status, 0) << r.err;
		auto lines = kcshim::speed::parse_tcrypt_log(r.out, 0);
		EXPECT_EQ(lines.size(), 6u * 14u) << version << "\n" << r.out;
		EXPECT_NE(r.out.find("(128 bit key, 1424 byte blocks)"), std::string::npos);
		EXPECT_NE(r.out.find("(128 bit key, 1420 byte blocks)"), std::string::npos);	// ctr
	}
}

// --driver: the mode's lines of one driver's algorithm, through that driver: a cipher inside the
// mode's templates, so one side of a before/after pair prints tcrypt's lines.
TEST(TcryptCli, DriverRunsTheModeThroughIt)
{
	CliResult r = run_cli({"tcrypt", "mode=209", "--driver", "cast5-generic"});
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_EQ(kcshim::speed::parse_tcrypt_log(r.out, 0).size(), 6u * 14u) << r.out;
	EXPECT_NE(r.out.find("testing speed of sync cbc(cast5-generic) (cbc(cast5-generic)) decryption"),
		  std::string::npos) << r.out;
	CliResult hash = run_cli({"tcrypt", "mode=209", "--driver", "sha3-256-generic"});
	EXPECT_EQ(hash.status, 1);
	EXPECT_EQ(hash.err, "kcshim: mode=209 times nothing of sha3-256-generic (sha3-256)\n");
	CliResult unknown = run_cli({"tcrypt", "mode=209", "--driver", "no-such-driver"});
	EXPECT_EQ(unknown.err, "kcshim: unknown driver: no-such-driver\n");
}

TEST(TcryptCli, SelfTestModePasses)
{
	CliResult r = run_cli({"tcrypt", "mode=12"});
	EXPECT_EQ(r.status, 0) << r.out << r.err;
	EXPECT_NE(r.out.find("alg: self-tests for sha512-generic (sha512) passed"), std::string::npos)
		<< r.out;
}

TEST(SpeedCli, JsonAndCompareOnSavedFiles)
{
	char dir[] = "/tmp/kcshim-speed-cli-XXXXXX";
	ASSERT_NE(mkdtemp(dir), nullptr);
	std::string a = std::string(dir) + "/a.json", b = std::string(dir) + "/b.json";
	for (const std::string &file : {a, b}) {
		CliResult r = run_cli({"speed", "crct10dif", "--sec", "0.01", "--sizes", "16,256,4096",
				       "--save", file});
		ASSERT_EQ(r.status, 0) << r.err;
	}
	CliResult c = run_cli({"compare", a, b});
	EXPECT_EQ(c.status, 0) << c.err;
	EXPECT_NE(c.out.find("block  update"), std::string::npos) << c.out;
	EXPECT_NE(c.out.find("geomean"), std::string::npos) << c.out;
	EXPECT_EQ(count_lines(c.out), 2u + 3u + 1u) << c.out;
	std::remove(a.c_str());
	std::remove(b.c_str());
	rmdir(dir);
}

// Two drivers measured now, on the lines asked for, by their fastest runs: a row per size and the
// geometric mean.
TEST(SpeedCli, CompareTwoDriversOnGivenSizesByTheirBestRuns)
{
	CliResult c = run_cli({"compare", "crct10dif-generic", "crct10dif-pclmul", "--sizes",
			       "64,1024", "--sec", "0.01", "--repeat", "3", "--best"});
	ASSERT_EQ(c.status, 0) << c.err;
	EXPECT_NE(c.out.find("geomean"), std::string::npos) << c.out;
	EXPECT_NE(c.out.find("(best runs)"), std::string::npos) << c.out;
	EXPECT_EQ(count_lines(c.out), 2u + 2u + 1u) << c.out;
}

// --best reports each line's fastest run (and says so); without it, the median.
TEST(SpeedCli, BestReportsTheFastestRun)
{
	using kcshim::speed::SpeedReport;
	for (bool best : {true, false}) {
		std::vector<std::string> args = {"speed", "crct10dif", "--sec", "0.01", "--sizes",
						 "64,1024", "--repeat", "5", "--json"};
		if (best)
			args.push_back("--best");
		CliResult r = run_cli(args);
		ASSERT_EQ(r.status, 0) << r.err;
		SpeedReport report = kcshim::speed::parse_report(r.out);
		EXPECT_EQ(report.statistic, best ? "best" : "median");
		for (const auto &row : report.rows) {
			for (const auto &[driver, p] : row.results) {
				ASSERT_EQ(p.runs_mb_per_s.size(), 5u) << driver;
				std::vector<double> runs = p.runs_mb_per_s;
				std::sort(runs.begin(), runs.end());
				EXPECT_DOUBLE_EQ(p.mb_per_s, best ? runs.back() : runs[2]) << driver;
			}
		}
	}
	CliResult table = run_cli({"speed", "crct10dif", "--sec", "0.01", "--sizes", "64",
				   "--repeat", "3", "--best"});
	ASSERT_EQ(table.status, 0) << table.err;
	EXPECT_NE(table.out.find("best of 3"), std::string::npos) << table.out;
}

// libcrypto's own code as a column of a run over all drivers, and by name; none where OpenSSL
// has no such algorithm (crct10dif), which asking for by name makes a one-line error.
TEST(SpeedCli, OpensslColumnBesideTheDrivers)
{
	CliResult all = run_cli({"speed", "sha512", "--sec", "0.01", "--sizes", "64,1024"});
	ASSERT_EQ(all.status, 0) << all.err;
	EXPECT_NE(all.out.find("sha512-generic"), std::string::npos) << all.out;
	EXPECT_NE(all.out.find("openssl:sha512"), std::string::npos) << all.out;

	CliResult cast5 = run_cli({"speed", "cbc(cast5)", "--sec", "0.01", "--sizes", "64", "--drivers",
				   "cbc(cast5-generic),openssl:cbc(cast5)", "--json"});
	ASSERT_EQ(cast5.status, 0) << cast5.err;
	EXPECT_NE(cast5.out.find("\"openssl:cbc(cast5)\""), std::string::npos) << cast5.out;

	CliResult crc = run_cli({"speed", "crct10dif", "--sec", "0.01", "--sizes", "64"});
	ASSERT_EQ(crc.status, 0) << crc.err;
	EXPECT_EQ(crc.out.find("openssl:"), std::string::npos) << crc.out;
	expect_one_line_error({"speed", "crct10dif", "--drivers", "openssl:crct10dif"},
			      "OpenSSL's libcrypto has no crct10dif");
}

TEST(SpeedCli, UnknownAlgorithmIsOneLineError)
{
	expect_one_line_error({"speed", "no-such-hash"}, "unknown algorithm: no-such-hash");
}

}  // namespace
}  // namespace kcshim::test

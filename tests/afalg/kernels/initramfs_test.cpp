// SPDX-License-Identifier: GPL-2.0
/*
 * afalg/kernels/initramfs.h on a fake module tree: the archives' exact
 * layout, modes, the symlink, the dependency closure, the cache key.
 */
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "afalg/kernels/external_command.h"
#include "afalg/kernels/initramfs.h"

namespace kcshim::afalg {
namespace {

namespace fs = std::filesystem;

struct Entry {
	unsigned mode = 0, uid = 0, gid = 0;
	std::string data;
};

std::string read_all(const fs::path &p)
{
	std::stringstream s;
	s << std::ifstream(p, std::ios::binary).rdbuf();
	return s.str();
}

/* The entries of a newc archive (not the trailer), by name. */
std::map<std::string, Entry> parse_newc(const std::string &a)
{
	std::map<std::string, Entry> out;
	size_t pos = 0;
	auto field = [&](size_t i) {
		return static_cast<unsigned>(std::stoul(a.substr(pos + 6 + 8 * i, 8), nullptr, 16));
	};
	while (pos + 110 <= a.size()) {
		EXPECT_EQ(a.substr(pos, 6), "070701") << "at offset " << pos;
		if (a.substr(pos, 6) != "070701")
			break;
		Entry e;
		e.mode = field(1);
		e.uid = field(2);
		e.gid = field(3);
		unsigned size = field(6), namesize = field(11);
		std::string name = a.substr(pos + 110, namesize - 1);
		size_t data = (pos + 110 + namesize + 3) & ~size_t(3);
		e.data = a.substr(data, size);
		pos = (data + size + 3) & ~size_t(3);
		if (name == "TRAILER!!!")
			break;
		out[name] = e;
	}
	return out;
}

/* gunzip @gz (one member) and parse it. */
std::map<std::string, Entry> read_archive(const fs::path &gz)
{
	Command c;
	c.argv = {"gzip", "-dc", gz.string()};
	fs::path raw = gz;
	raw += ".raw";
	c.stdout_file = raw;
	auto r = run_command(c);
	EXPECT_TRUE(r && r->ok()) << (r ? r->failure_line() : describe(r.error()));
	auto entries = parse_newc(read_all(raw));
	fs::remove(raw);
	return entries;
}

ino_t inode(const fs::path &p)
{
	struct stat st = {};
	::stat(p.c_str(), &st);
	return st.st_ino;
}

void write(const fs::path &p, const std::string &text)
{
	fs::create_directories(p.parent_path());
	std::ofstream(p, std::ios::binary) << text;
}

/* modules.dep of the fake kernel: what is picked, what is not, and what comes in as a dependency. */
constexpr const char *modules_dep =
	"kernel/arch/arm64/crypto/sha3-ce.ko: kernel/crypto/sha3_generic.ko\n"
	"kernel/crypto/sha3_generic.ko:\n"
	"kernel/crypto/xts.ko: kernel/net/helper/helper.ko\n"
	"kernel/net/helper/helper.ko: kernel/lib/deeper/deeper.ko\n"
	"kernel/lib/deeper/deeper.ko:\n"
	"kernel/lib/crypto/libsha3.ko:\n"
	"kernel/lib/crc/crc-t10dif.ko:\n"
	"kernel/lib/crc32.ko:\n"
	"kernel/drivers/virtio/virtio_mmio.ko: kernel/drivers/virtio/virtio_ring.ko\n"
	"kernel/drivers/virtio/virtio_ring.ko:\n"
	"kernel/drivers/char/virtio_console.ko: kernel/drivers/virtio/virtio_ring.ko\n"
	"kernel/drivers/char/tpm/tpm.ko:\n"
	"kernel/drivers/net/virtio_net.ko: kernel/drivers/virtio/virtio_ring.ko\n"
	"kernel/arch/arm64/lib/xor-neon.ko:\n"
	"kernel/fs/ext4/ext4.ko: kernel/lib/crc16.ko\n"
	"kernel/lib/crc16.ko:\n";

const std::vector<std::string> picked = {
	"kernel/arch/arm64/crypto/sha3-ce.ko", "kernel/crypto/sha3_generic.ko",
	"kernel/crypto/xts.ko", "kernel/drivers/char/virtio_console.ko",
	"kernel/drivers/virtio/virtio_mmio.ko", "kernel/drivers/virtio/virtio_ring.ko",
	"kernel/lib/crc/crc-t10dif.ko", "kernel/lib/crc16.ko", "kernel/lib/crc32.ko",
	"kernel/lib/crypto/libsha3.ko", "kernel/lib/deeper/deeper.ko",
	"kernel/net/helper/helper.ko"};

class Initramfs : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir_ = fs::temp_directory_path() /
		       ("kcshim-initramfs-test-" + std::to_string(::getpid()));
		fs::remove_all(dir_);
		k_.arch = "arm64";
		k_.suite = "bookworm";
		k_.package_version = "9.9.9-1";
		k_.release = "9.9.9-test";
		k_.root = dir_ / "root";
		k_.image = k_.root / "boot/vmlinuz-9.9.9-test";
		fs::path m = k_.root / "lib/modules" / k_.release;
		write(m / "modules.dep", modules_dep);
		write(m / "modules.alias", "alias crypto-sha3-256 sha3_generic\n");
		write(m / "modules.builtin", "kernel/crypto/sha256_generic.ko\n");
		write(m / "modules.softdep", "# Soft dependencies\n");
		write(m / "modules.order", "kernel/crypto/sha3_generic.ko\n");
		write(m / "modules.dep.bin", "binary, not wanted");
		std::istringstream dep(modules_dep);
		for (std::string line; std::getline(dep, line);) {
			std::string ko = line.substr(0, line.find(':'));
			write(m / ko, "module " + ko);
		}
		write(dir_ / "init", "init v1");
		write(dir_ / "bridge", "bridge v1");
	}
	void TearDown() override { fs::remove_all(dir_); }

	fs::path dir_;
	DebianKernel k_;
};

TEST(InitramfsModules, CryptoVirtioAndTheirDependencies)
{
	EXPECT_EQ(initramfs_modules(modules_dep), picked);
}

TEST_F(Initramfs, BaseArchiveHasExactlyTheLayout)
{
	std::ostringstream progress;
	auto a = base_initramfs(k_, dir_ / "init", dir_ / "bridge", dir_ / "out", &progress);
	ASSERT_TRUE(a) << describe(a.error());
	EXPECT_EQ(a->parent_path(), dir_ / "out");
	EXPECT_EQ(a->filename().string().rfind("initramfs-arm64-9.9.9-1-", 0), 0u) << *a;
	EXPECT_NE(progress.str().find("12 modules"), std::string::npos) << progress.str();

	auto e = read_archive(*a);
	std::map<std::string, unsigned> want = {
		{"bin", 040755}, {"dev", 040755}, {"proc", 040755}, {"sys", 040755},
		{"kcshim", 040755}, {"sbin", 040755}, {"lib", 040755}, {"lib/modules", 040755},
		{"init", 0100755}, {"bin/kcshim-bridge", 0100755}, {"sbin/modprobe", 0120777}};
	std::string m = "lib/modules/9.9.9-test";
	want[m] = 040755;
	for (auto f : {"modules.dep", "modules.alias", "modules.builtin", "modules.softdep",
		       "modules.order"})
		want[m + "/" + f] = 0100644;
	for (const auto &ko : picked) {
		want[m + "/" + ko] = 0100644;
		for (fs::path d = fs::path(ko).parent_path(); !d.empty(); d = d.parent_path())
			want[m + "/" + d.string()] = 040755;
	}
	std::map<std::string, unsigned> got;
	for (auto &[name, entry] : e)
		got[name] = entry.mode;
	EXPECT_EQ(got, want);

	EXPECT_EQ(e["sbin/modprobe"].data, "/init");
	EXPECT_EQ(e["init"].data, "init v1");
	EXPECT_EQ(e["bin/kcshim-bridge"].data, "bridge v1");
	EXPECT_EQ(e[m + "/modules.dep"].data, modules_dep);
	EXPECT_EQ(e[m + "/kernel/crypto/xts.ko"].data, "module kernel/crypto/xts.ko");
	for (auto &[name, entry] : e) {
		EXPECT_EQ(entry.uid, 0u) << name;
		EXPECT_EQ(entry.gid, 0u) << name;
	}
	/* Nothing left behind but the archive. */
	EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "out"), fs::directory_iterator()), 1);
}

TEST_F(Initramfs, CachedUntilInitOrBridgeChanges)
{
	auto a = base_initramfs(k_, dir_ / "init", dir_ / "bridge", dir_ / "out");
	ASSERT_TRUE(a) << describe(a.error());
	auto ino = inode(*a);
	std::ostringstream progress;
	auto b = base_initramfs(k_, dir_ / "init", dir_ / "bridge", dir_ / "out", &progress);
	ASSERT_TRUE(b) << describe(b.error());
	EXPECT_EQ(*a, *b);
	EXPECT_EQ(progress.str(), "") << "rebuilt instead of reused";
	EXPECT_EQ(inode(*b), ino);

	write(dir_ / "bridge", "bridge v2");	/* a rebuilt bridge */
	auto c = base_initramfs(k_, dir_ / "init", dir_ / "bridge", dir_ / "out");
	ASSERT_TRUE(c) << describe(c.error());
	EXPECT_NE(*a, *c);
	EXPECT_EQ(read_archive(*c)["bin/kcshim-bridge"].data, "bridge v2");
	EXPECT_TRUE(fs::exists(*a));	/* used a moment ago: kept */
}

TEST_F(Initramfs, MissingInputsAreNamed)
{
	auto a = base_initramfs(k_, dir_ / "no-init", dir_ / "bridge", dir_ / "out");
	ASSERT_FALSE(a);
	EXPECT_EQ(a.err(), -ENOENT);
	EXPECT_NE(a.error().what.find("no-init"), std::string::npos) << a.error().what;

	fs::remove(k_.root / "lib/modules" / k_.release / "kernel/lib/deeper/deeper.ko");
	auto b = base_initramfs(k_, dir_ / "init", dir_ / "bridge", dir_ / "out");
	ASSERT_FALSE(b);
	EXPECT_EQ(b.err(), -ENOENT);
	EXPECT_NE(b.error().what.find("kernel/lib/deeper/deeper.ko"), std::string::npos)
		<< b.error().what;
	EXPECT_FALSE(fs::exists(dir_ / "out") && !fs::is_empty(dir_ / "out"))
		<< "a failed build left files behind";
}

TEST_F(Initramfs, JobArchiveKeepsModesAndConcatenates)
{
	fs::path work = dir_ / "work";
	fs::create_directories(work);
	auto j = job_initramfs(work, {{"kcshim/job", "sha3-256 abc\n", 0644},
				      {"kcshim/secret", "s3cret\n", 0600}});
	ASSERT_TRUE(j) << describe(j.error());
	EXPECT_EQ(*j, work / "job.cpio.gz");
	auto e = read_archive(*j);
	std::map<std::string, unsigned> got;
	for (auto &[name, entry] : e)
		got[name] = entry.mode;
	EXPECT_EQ(got, (std::map<std::string, unsigned>{
			       {"kcshim", 040755}, {"kcshim/job", 0100644}, {"kcshim/secret", 0100600}}));
	EXPECT_EQ(e["kcshim/secret"].data, "s3cret\n");
	/* The staging copy of the secret is gone. */
	EXPECT_EQ(std::distance(fs::directory_iterator(work), fs::directory_iterator()), 1);

	auto base = base_initramfs(k_, dir_ / "init", dir_ / "bridge", dir_ / "out");
	ASSERT_TRUE(base) << describe(base.error());
	auto both = concat_initramfs(*base, *j, work / "initrd");
	ASSERT_TRUE(both) << describe(both.error());
	std::string b = read_all(*base), jb = read_all(*j), all = read_all(*both);
	size_t pad = (4 - b.size() % 4) % 4;
	ASSERT_EQ(all.size(), b.size() + pad + jb.size());
	EXPECT_EQ(all.substr(0, b.size()), b);
	EXPECT_EQ(all.substr(b.size(), pad), std::string(pad, '\0'));
	EXPECT_EQ(all.substr(b.size() + pad), jb);
}

TEST_F(Initramfs, JobPathsStayInside)
{
	for (auto bad : {"/etc/passwd", "../x", "kcshim/../../x", ""}) {
		auto j = job_initramfs(dir_, {{bad, "x", 0644}});
		ASSERT_FALSE(j) << bad;
		EXPECT_EQ(j.err(), -EINVAL) << bad;
	}
}

} /* namespace */
} /* namespace kcshim::afalg */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The initramfs a Debian kernel boots under qemu: gzip'd cpio (newc)
 * archives made with the cpio and gzip tools.
 *
 * Two archives, because the kernel unpacks concatenated ones in order:
 *   base  (base_initramfs, cached): our init and bridge and the kernel's
 *         crypto modules; the same for every boot of one kernel and one build
 *   job   (job_initramfs, per boot, small): the boot's own files
 *         (kcshim/job, kcshim/secret) in the caller's private directory
 * qemu takes one -initrd file: concat_initramfs() joins the two (a copy of
 * the base, a few MB, plus the job).
 *
 * Base layout:
 *   /init                        the static init, 0755
 *   /sbin/modprobe -> /init      the kernel's request_module() runs it
 *   /bin/kcshim-bridge           the static bridge, 0755
 *   /lib/modules/<release>/      modules.dep, modules.alias, modules.builtin, modules.softdep
 *                                (text, depmod's), modules.order if the package has it, and
 *                                initramfs_modules()' .ko files at their modules.dep paths
 *   /kcshim/ /dev/ /proc/ /sys/  empty directories
 * Everything is owned by root.  /dev holds no nodes (the cpio tool cannot
 * make them unprivileged) and needs none: the kernel unpacks its built-in
 * default initramfs first, whose /dev/console gives init fds 0-2 (Debian's
 * 6.1 and 7.x kernels, checked under qemu); init mounts devtmpfs on /dev for
 * the rest (/dev/vport0p1).
 *
 * Errors (Result, afalg/endpoint/result.h), Stage::setup, one line: -ENOENT a missing
 * input (init, bridge, a module modules.dep names), -EIO a failed cpio/gzip
 * (named, with its last output line), -ETIMEDOUT, other -errno from the
 * filesystem.
 */
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

#include "afalg/kernels/debian_kernel.h"
#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

/*
 * The modules the base archive carries, as modules.dep's relative paths,
 * sorted: everything under kernel/crypto/, kernel/arch/<arch>/crypto/,
 * kernel/lib/crypto/, kernel/lib/crc*, kernel/drivers/virtio/, and
 * kernel/drivers/char/virtio_console.ko, plus every module those depend on.
 */
std::vector<std::string> initramfs_modules(std::string_view modules_dep);

/*
 * The base archive for @k with @init and @bridge, in @out_dir:
 * initramfs-<arch>-<package_version>-<hash>.cpio.gz, where the hash covers
 * the layout and the contents of init and bridge, so a rebuilt bridge makes a
 * new archive.  Reused when it exists; written atomically (temporary file +
 * rename) so concurrent callers never see half an archive; archives of the
 * same kernel unused for a day are removed.  @progress (may be null) gets
 * the size and time.
 */
Result<std::filesystem::path> base_initramfs(const DebianKernel &k,
					     const std::filesystem::path &init,
					     const std::filesystem::path &bridge,
					     const std::filesystem::path &out_dir,
					     std::ostream *progress = nullptr);

/* A file of a job archive: path relative to / ("kcshim/job"), its bytes, its mode (0644, 0600). */
struct InitramfsFile {
	std::string path;
	std::string content;
	mode_t mode = 0644;
};

/*
 * @files as @dir/job.cpio.gz (with their parent directories, 0755), staged
 * in @dir, which should be private to the caller (a secret is written there
 * before it is archived; the staging copy is removed).  -EINVAL for a path
 * that is absolute or climbs out with "..".
 */
Result<std::filesystem::path> job_initramfs(const std::filesystem::path &dir,
					    const std::vector<InitramfsFile> &files);

/*
 * @out = @base, zero padding to a multiple of 4 bytes, @job: one -initrd the
 * kernel unpacks as the two archives in turn (later files win).
 */
Result<std::filesystem::path> concat_initramfs(const std::filesystem::path &base,
					       const std::filesystem::path &job,
					       const std::filesystem::path &out);

} /* namespace kcshim::afalg */

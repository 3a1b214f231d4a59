/* SPDX-License-Identifier: GPL-2.0 */
/*
 * virtio-serial ports, the guest's channels to the host: found by the name
 * qemu gives them (-device virtserialport,name=NAME), which the kernel shows
 * in /sys/class/virtio-ports/vportNpM/name.  Every wait is bounded.
 * Errors: negative errno.
 */
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace kcshim::guest {

/*
 * Looks in SYS_DIR (/sys/class/virtio-ports) for the port called NAME.
 * Returns 0 and its device name ("vport0p1"), or -ENOENT.
 */
int find_virtio_port(const std::string &sys_dir, std::string_view name, std::string &device);

/*
 * Waits up to TIMEOUT for the port called NAME to show in SYS_DIR and its
 * node in DEV_DIR.  Returns 0 and PATH ("/dev/vport0p1"), or -ETIMEDOUT.
 */
int wait_for_virtio_port(const std::string &sys_dir, const std::string &dev_dir,
			 std::string_view name, std::chrono::milliseconds timeout,
			 std::string &path);

/*
 * Writes all of DATA to the port (or any file) at PATH, fsync()s and closes
 * it.  Gives up with -ETIMEDOUT when the host has not taken it all within
 * TIMEOUT; other failures are open/write/close's negative errno.
 */
int write_to_port(const std::string &path, std::string_view data, std::chrono::milliseconds timeout);

} /* namespace kcshim::guest */

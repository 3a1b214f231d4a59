// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/console.h"

#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace kcshim::guest {

static int console_fd = STDERR_FILENO;

void open_console()
{
	int fd = ::open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	for (int std_fd = STDIN_FILENO; std_fd <= STDERR_FILENO; std_fd++)
		if (fcntl(std_fd, F_GETFD) < 0)
			dup2(fd, std_fd);
	if (fd > STDERR_FILENO) {
		fcntl(fd, F_SETFD, FD_CLOEXEC);
		console_fd = fd;
	}
}

void say(std::string_view line)
{
	std::string text = "kcshim-init: ";
	text += line;
	text += '\n';
	/* Nothing to do if the console fails: there is no other place to tell. */
	(void)!::write(console_fd, text.data(), text.size());
}

} /* namespace kcshim::guest */

// SPDX-License-Identifier: GPL-2.0
// The key options of every command that takes a key (hash, enc, dec), alike: --key HEX or
// --key-file FILE (the file's raw bytes), at most one of them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace kcshim::cli {

struct KeyOptions {
	std::string hex;
	std::string file;
	CLI::Option *hex_option = nullptr;
	CLI::Option *file_option = nullptr;

	// Whether either was given: an empty --key "" is a key, of no bytes (cipher_null's).
	bool given() const { return hex_option->count() || file_option->count(); }
};

// Adds --key and --key-file to sub; @required: one of them must be given.
void add_key_options(CLI::App *sub, KeyOptions &o, bool required);

// The key the options give (empty when neither was given), or nullopt after printing why it
// cannot be read. The caller wipes it after use (memzero_explicit).
std::optional<std::vector<unsigned char>> read_key(const KeyOptions &o);

}  // namespace kcshim::cli

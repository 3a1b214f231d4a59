// SPDX-License-Identifier: GPL-2.0
// A failed expectation in words, exactly as lib/kunit/assert.c words it: the prologue line, what
// was expected, each side's value unless the source already spelt it as a literal, the message
// of a _MSG form on a line of its own.
#include <cinttypes>
#include <cstring>
#include <string>

#include <kunit/assert.h>
#include <linux/err.h>

#include "shim/src/kunit/kunit.h"

namespace kcshim::kunit {

namespace {

void add(struct string_stream *stream, const std::string &text)
{
	stream->text += text;
}

template <typename T>
const T *as(const struct kunit_assert *assert)
{
	// every assertion class starts with its struct kunit_assert (container_of at offset 0)
	return reinterpret_cast<const T *>(assert);
}

void print_msg(const struct va_format *message, struct string_stream *stream)
{
	if (!message->fmt)
		return;
	va_list ap;
	va_copy(ap, *message->va);
	// appended, not "\n" + text: gcc 12 at -O3 takes that for an overlapping memcpy (-Wrestrict)
	std::string line = "\n";
	line += vformat(message->fmt, ap);
	add(stream, line);
	va_end(ap);
}

// Whether text is how value would be written as a decimal literal ("5" for 5).
bool is_literal(const char *text, long long value)
{
	return format("%lld", value) == text;
}

// Whether text is a string literal ("...") of value.
bool is_str_literal(const char *text, const char *value)
{
	size_t len = strlen(text);
	if (len < 2 || text[0] != '"' || text[len - 1] != '"')
		return false;
	return strncmp(text + 1, value, len - 2) == 0;
}

// buf's bytes 16 to a line, each that differs from compared's as <xx>.
void hexdump(struct string_stream *stream, const void *buf, const void *compared, size_t len)
{
	const auto *a = static_cast<const unsigned char *>(buf);
	const auto *b = static_cast<const unsigned char *>(compared);
	std::string out = KUNIT_SUBSUBTEST_INDENT;
	for (size_t i = 0; i < len; i++) {
		if (i && !(i % 16))
			out += "\n" KUNIT_SUBSUBTEST_INDENT;
		out += format(a[i] != b[i] ? "<%02x>" : " %02x ", a[i]);
	}
	add(stream, out);
}

std::string expected_line(const struct kunit_binary_assert_text *text)
{
	return format(KUNIT_SUBTEST_INDENT "Expected %s %s %s, but\n", text->left_text,
		      text->operation, text->right_text);
}

}  // namespace

}  // namespace kcshim::kunit

using namespace kcshim::kunit;

extern "C" {

void kunit_assert_prologue(const struct kunit_loc *loc, enum kunit_assert_type type,
			   struct string_stream *stream)
{
	const char *what = type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION";
	add(stream, format("%s FAILED at %s:%d\n", what, loc->file, loc->line));
}

void kunit_fail_assert_format(const struct kunit_assert *assert,
			      const struct va_format *message, struct string_stream *stream)
{
	if (!message->fmt)
		return;
	va_list ap;
	va_copy(ap, *message->va);
	add(stream, vformat(message->fmt, ap));
	va_end(ap);
}

void kunit_unary_assert_format(const struct kunit_assert *assert,
			       const struct va_format *message, struct string_stream *stream)
{
	const auto *unary = as<kunit_unary_assert>(assert);

	add(stream, format(KUNIT_SUBTEST_INDENT "Expected %s to be %s, but is %s\n",
			   unary->condition, unary->expected_true ? "true" : "false",
			   unary->expected_true ? "false" : "true"));
	print_msg(message, stream);
}

void kunit_ptr_not_err_assert_format(const struct kunit_assert *assert,
				     const struct va_format *message,
				     struct string_stream *stream)
{
	const auto *ptr = as<kunit_ptr_not_err_assert>(assert);

	if (!ptr->value)
		add(stream, format(KUNIT_SUBTEST_INDENT "Expected %s is not null, but is\n",
				   ptr->text));
	else if (IS_ERR(ptr->value))
		add(stream, format(KUNIT_SUBTEST_INDENT "Expected %s is not error, but is: %ld\n",
				   ptr->text, PTR_ERR(ptr->value)));
	print_msg(message, stream);
}

void kunit_binary_assert_format(const struct kunit_assert *assert,
				const struct va_format *message, struct string_stream *stream)
{
	const auto *binary = as<kunit_binary_assert>(assert);
	const auto *text = binary->text;

	add(stream, expected_line(text));
	if (!is_literal(text->left_text, binary->left_value))
		add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s == %lld (0x%llx)\n", text->left_text,
				   binary->left_value,
				   static_cast<unsigned long long>(binary->left_value)));
	if (!is_literal(text->right_text, binary->right_value))
		add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s == %lld (0x%llx)", text->right_text,
				   binary->right_value,
				   static_cast<unsigned long long>(binary->right_value)));
	print_msg(message, stream);
}

void kunit_binary_ptr_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream)
{
	const auto *binary = as<kunit_binary_ptr_assert>(assert);
	const auto *text = binary->text;

	// %px: the raw address, 16 hex digits on a 64-bit kernel
	add(stream, expected_line(text));
	add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s == %0*" PRIxPTR "\n", text->left_text,
			   static_cast<int>(2 * sizeof(void *)),
			   reinterpret_cast<uintptr_t>(binary->left_value)));
	add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s == %0*" PRIxPTR, text->right_text,
			   static_cast<int>(2 * sizeof(void *)),
			   reinterpret_cast<uintptr_t>(binary->right_value)));
	print_msg(message, stream);
}

void kunit_binary_str_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream)
{
	const auto *binary = as<kunit_binary_str_assert>(assert);
	const auto *text = binary->text;

	add(stream, expected_line(text));
	// the kernel's %s prints "(null)" for NULL and "(efault)" for an error pointer
	auto shown = [](const char *s) {
		return !s ? "(null)" : IS_ERR(s) ? "(efault)" : s;
	};
	if (IS_ERR_OR_NULL(binary->left_value) ||
	    !is_str_literal(text->left_text, binary->left_value))
		add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s == \"%s\"\n", text->left_text,
				   shown(binary->left_value)));
	if (IS_ERR_OR_NULL(binary->right_value) ||
	    !is_str_literal(text->right_text, binary->right_value))
		add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s == \"%s\"", text->right_text,
				   shown(binary->right_value)));
	print_msg(message, stream);
}

void kunit_mem_assert_format(const struct kunit_assert *assert,
			     const struct va_format *message, struct string_stream *stream)
{
	const auto *mem = as<kunit_mem_assert>(assert);
	const auto *text = mem->text;

	if (!mem->left_value) {
		add(stream, format(KUNIT_SUBTEST_INDENT "Expected %s is not null, but is\n",
				   text->left_text));
	} else if (!mem->right_value) {
		add(stream, format(KUNIT_SUBTEST_INDENT "Expected %s is not null, but is\n",
				   text->right_text));
	} else {
		add(stream, expected_line(text));
		add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s ==\n", text->left_text));
		hexdump(stream, mem->left_value, mem->right_value, mem->size);
		add(stream, "\n");
		add(stream, format(KUNIT_SUBSUBTEST_INDENT "%s ==\n", text->right_text));
		hexdump(stream, mem->right_value, mem->left_value, mem->size);
		print_msg(message, stream);
	}
}

}  // extern "C"

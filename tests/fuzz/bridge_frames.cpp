// SPDX-License-Identifier: GPL-2.0
// Bridge frames as they arrive from the network: the input is a byte stream cut into frames by
// decode_header(); each body goes to the decoder of its type (requests a server decodes, replies
// a client decodes, BATCH and BATCH_OK). Any bytes are safe (protocol.h's promise), and what
// decodes re-encodes to something that decodes again.
#include <cstdlib>

#include "afalg/protocol/protocol.h"

namespace {

using namespace kcshim::afalg;
using namespace kcshim::afalg::proto;

// Small limits, so the fuzzer reaches them.
const Limits limits{.max_body = 1 << 16, .max_pieces = 64, .max_batch_cases = 64,
		    .max_gen_len = 1 << 16, .max_gen_total = 1 << 20};

template <typename Msg>
void round_trip(ByteView body)
{
	Msg m;
	int err;
	if constexpr (requires { decode(body, limits, m); })
		err = decode(body, limits, m);
	else
		err = decode(body, m);
	if (err)
		return;
	Bytes again = encode(m);
	Msg m2;
	if constexpr (requires { decode(ByteView(again), limits, m2); })
		err = decode(ByteView(again), limits, m2);
	else
		err = decode(ByteView(again), m2);
	if (err)
		abort();
}

// A reply a client decodes: what decodes re-encodes to something that decodes again.
template <typename T, typename Decode, typename Encode>
void reply(ByteView body, Decode decode, Encode encode)
{
	T v{};
	if (!decode(body, v) && decode(ByteView(encode(v)), v))
		abort();
}

void one_body(MsgType type, ByteView body)
{
	switch (type) {
	case MsgType::hello: round_trip<Hello>(body); break;
	case MsgType::auth: round_trip<Auth>(body); break;
	case MsgType::auth_ok: round_trip<AuthOk>(body); break;
	case MsgType::error: round_trip<ErrorMsg>(body); break;
	case MsgType::hash: round_trip<HashReq>(body); break;
	case MsgType::hash_clone: round_trip<HashCloneReq>(body); break;
	case MsgType::skcipher: round_trip<SkcipherReq>(body); break;
	case MsgType::speed: round_trip<SpeedRequest>(body); break;
	case MsgType::batch: round_trip<BatchRequest>(body); break;
	case MsgType::list_ok:
		reply<std::vector<DriverInfo>>(body, decode_list_ok, encode_list_ok);
		break;
	case MsgType::hash_ok: reply<Bytes>(body, decode_hash_ok, encode_hash_ok); break;
	case MsgType::hash_clone_ok:
		reply<HashCloneResult>(body, decode_hash_clone_ok, encode_hash_clone_ok);
		break;
	case MsgType::skcipher_ok:
		reply<SkcipherResult>(body, decode_skcipher_ok, encode_skcipher_ok);
		break;
	case MsgType::credit: reply<std::uint32_t>(body, decode_credit, encode_credit); break;
	case MsgType::speed_ok: reply<SpeedResult>(body, decode_speed_ok, encode_speed_ok); break;
	case MsgType::batch_ok:
		reply<std::vector<BatchResult>>(
			body,
			[](ByteView b, std::vector<BatchResult> &r) {
				return decode_batch_ok(b, limits.max_batch_cases, r);
			},
			encode_batch_ok);
		break;
	default:
		break;
	}
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	ByteView in(data, size);
	while (in.size() >= header_size) {
		Header h;
		if (decode_header(in.first(header_size), limits.max_body, h))
			return 0;
		in = in.subspan(header_size);
		ByteView body = in.first(std::min<std::size_t>(h.length, in.size()));
		one_body(h.type, body);
		in = in.subspan(body.size());
	}
	return 0;
}

"""Token counting never needs the network: without the usual encodings it falls back."""

import tiktoken

from gavel_agent import tokens


def test_falls_back_to_the_offline_encoding(monkeypatch):
    real = tiktoken.get_encoding
    tried = []

    def no_network(name):
        tried.append(name)
        if name in tokens.PREFERRED:
            raise ConnectionError("no network here")
        return real(name)

    monkeypatch.setattr(tiktoken, "get_encoding", no_network)
    tokens.encoding.cache_clear()
    try:
        assert tokens.encoding().name == tokens.OFFLINE
        assert tried == [*tokens.PREFERRED, tokens.OFFLINE]
        assert tokens.count("The Court GRANTS the motion.") == len(
            real(tokens.OFFLINE).encode("The Court GRANTS the motion.")
        )
    finally:
        tokens.encoding.cache_clear()


def test_a_cached_preferred_encoding_is_used_first(monkeypatch):
    offline = tiktoken.get_encoding(tokens.OFFLINE)
    monkeypatch.setattr(tiktoken, "get_encoding", lambda name: offline if name == "o200k_base" else None)
    tokens.encoding.cache_clear()
    try:
        assert tokens.encoding() is offline
    finally:
        tokens.encoding.cache_clear()

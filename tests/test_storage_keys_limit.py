"""Campaign secrets are bounded (hostile tester: an import of 20,000 secrets froze the page for 10 s
on one blind link, since each secret is tried on each sealed roll)."""

from __future__ import annotations

from tirada import storage
from tirada.links.audit_sealed import audit_sealed
from tirada.storage_keys import MAX_SECRETS


def test_a_backup_keeps_at_most_max_secrets_and_names_each_one_left_out() -> None:
    keys = {f"Campaña {k}": f"{k:064x}" for k in range(MAX_SECRETS + 5)}
    clean, errors = storage.check_data({"sealkeys": keys})
    assert len(clean["sealkeys"]) == MAX_SECRETS
    assert list(clean["sealkeys"]) == list(keys)[:MAX_SECRETS]          # the first ones, in file order
    left = [e for e in errors if e["code"] == "storage.too_many_secrets"]
    assert len(left) == 5 and left[0]["params"] == {"n": MAX_SECRETS}


def test_the_sealed_audit_tries_at_most_max_secrets() -> None:
    tried = []

    def secrets():
        for k in range(MAX_SECRETS * 3):
            tried.append(k)
            yield f"{k:064x}"

    audit_sealed("", secrets(), now=0)
    assert len(tried) == MAX_SECRETS

"""checker.kernel.engine.shared_patch: one installation for nested and concurrent users, undone by the last one out."""
import threading

import pytest

from checker.kernel.engine.shared_patch import SharedPatch


class Target:
    value = "original"


def make_patch(log):
    def install():
        log.append("install")
        saved, Target.value = Target.value, "patched"
        return saved

    def restore(saved):
        log.append("restore")
        Target.value = saved
    return SharedPatch(install, restore)


def test_nested_users_share_one_installation():
    log = []
    patch = make_patch(log)
    with patch.active():
        with patch.active():
            assert Target.value == "patched"
        assert Target.value == "patched"
    assert Target.value == "original" and log == ["install", "restore"]


def test_restored_when_a_body_raises_and_reusable_after():
    log = []
    patch = make_patch(log)
    with pytest.raises(ValueError):
        with patch.active():
            raise ValueError
    assert Target.value == "original"
    with patch.active():
        assert Target.value == "patched"
    assert Target.value == "original" and log == ["install", "restore", "install", "restore"]


def test_concurrent_users_overlap_on_one_installation():
    log = []
    patch = make_patch(log)
    inside = threading.Barrier(5)
    seen = []

    def user():
        with patch.active():
            inside.wait(timeout=10)
            seen.append(Target.value)
            inside.wait(timeout=10)
    threads = [threading.Thread(target=user) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == ["patched"] * 5
    assert Target.value == "original" and log == ["install", "restore"]

"""The class secret: made by ``mjlearn hub secret`` (256 random bits, a file only its owner may read,
never written through a symlink or over an existing file unless asked), and refused when missing, weak
or readable by others, wherever it is read (the hub's configuration, ``mjlearn class login``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjlearn.deploy import SecretError, check_secret, generate_secret, read_secret_file, role_password, secret_from_env

ROOT = Path(__file__).resolve().parents[1]


def _mjlearn(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT), **(env or {})),
    )


def test_a_made_secret_is_256_random_bits_and_accepted():
    made = {generate_secret() for _ in range(2000)}
    assert len(made) == 2000
    for secret in made:
        assert len(secret) == 64 and int(secret, 16) >= 0 and check_secret(secret) == secret
    assert check_secret("  " + next(iter(made)) + "\n") == next(iter(made))  # a file's newline is not part of it


@pytest.mark.parametrize(
    "secret, said",
    [
        (None, "no class secret"),
        ("", "no class secret"),
        ("  \n", "no class secret"),
        ("hub-secret", "too weak"),
        ("s3cret", "too weak"),
        ("another-long-secret", "too weak"),
        ("correct horse battery staple", "characters other than"),
        ("密钥" * 40, "characters other than"),
        ("0123456789abcdef" * 4, "not random"),
        ("a" * 64, "not random"),
        ("ab" * 40, "not random"),
        ("f" * 8 + "0123456789abcdef" * 3 + "9" * 8, "not random"),
        ("CorrectHorseBatteryStaple", "too weak"),
    ],
)
def test_a_missing_weak_or_made_up_secret_is_refused(secret, said):
    with pytest.raises(SecretError) as refused:
        check_secret(secret)
    text = str(refused.value)
    assert (
        said in text and "mjlearn hub secret" in text and "（" in text and "\n" not in text
    )  # one line, both languages


def test_no_word_of_a_common_password_list_is_accepted():
    """Every learner holds a (name, derived password) pair and may test guesses offline: no secret that
    a common password list would find gets past the check. The list is NativeAuthenticator's (10,000
    common passwords), each also tried with the usual decorations."""
    words = Path(__import__("nativeauthenticator").__file__).with_name("common-credentials.txt").read_text().split()
    assert len(words) >= 10_000
    for word in words:
        for guess in (word, word * 8, f"{word}-{word}-{word}-{word}-2024", word.upper() + word + "1" * 3):
            with pytest.raises(SecretError):
                check_secret(guess)


def test_the_derived_password_is_unchanged_for_a_given_secret():
    """The derivation stays what classes made before use (HMAC-SHA256, 32 hexadecimal digits)."""
    import hashlib
    import hmac

    secret = generate_secret()
    assert role_password("ann", secret) == hmac.new(secret.encode(), b"ann", hashlib.sha256).hexdigest()[:32]


def test_the_command_writes_a_file_only_you_may_read(tmp_path):
    out = tmp_path / "class.secret"
    made = _mjlearn("hub", "secret", "--out", str(out))
    assert made.returncode == 0, made.stderr
    secret = out.read_text()
    assert secret.endswith("\n") and check_secret(secret) == secret.strip()
    assert out.stat().st_mode & 0o777 == 0o600
    assert secret.strip() not in made.stdout + made.stderr and "MJLEARN_DB_SECRET_FILE=" in made.stdout
    assert read_secret_file(out) == secret.strip() == secret_from_env({"MJLEARN_DB_SECRET_FILE": str(out)})


def test_the_command_never_overwrites_unless_asked(tmp_path):
    out = tmp_path / "class.secret"
    assert _mjlearn("hub", "secret", "--out", str(out)).returncode == 0
    first = out.read_text()
    again = _mjlearn("hub", "secret", "--out", str(out))
    assert again.returncode == 2 and "exists already" in again.stderr and "Traceback" not in again.stderr
    assert out.read_text() == first
    forced = _mjlearn("hub", "secret", "--out", str(out), "--force")
    assert forced.returncode == 0 and out.read_text() != first and out.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.secret"]  # no temporary file left


@pytest.mark.parametrize("force", [False, True])
def test_the_command_never_writes_through_a_symlink(tmp_path, force):
    victim = tmp_path / "victim.txt"
    victim.write_text("someone's file\n")
    victim.chmod(0o644)
    link, dangling = tmp_path / "link.secret", tmp_path / "dangling.secret"
    link.symlink_to(victim)
    dangling.symlink_to(tmp_path / "nowhere")
    for path in (link, dangling):
        made = _mjlearn("hub", "secret", "--out", str(path), *(["--force"] if force else []))
        assert made.returncode == 2 and "symbolic link" in made.stderr and "Traceback" not in made.stderr
        assert path.is_symlink()
    assert victim.read_text() == "someone's file\n" and victim.stat().st_mode & 0o777 == 0o644
    assert not (tmp_path / "nowhere").exists()


def test_the_command_refuses_a_folder_or_a_missing_folder(tmp_path):
    for path, said in ((tmp_path, "not a file"), (tmp_path / "no" / "such" / "class.secret", "does not exist")):
        made = _mjlearn("hub", "secret", "--out", str(path), "--force")
        assert made.returncode == 2 and said in made.stderr and "Traceback" not in made.stderr


def test_a_secret_file_others_may_read_or_change_is_refused(tmp_path):
    path = tmp_path / "class.secret"
    path.write_text(generate_secret())
    for mode in (0o644, 0o640, 0o602):
        path.chmod(mode)
        with pytest.raises(SecretError, match="chmod 600"):
            read_secret_file(path)
    path.chmod(0o600)
    assert check_secret(read_secret_file(path))
    with pytest.raises(SecretError, match="cannot read"):
        read_secret_file(tmp_path / "missing")
    with pytest.raises(SecretError, match="not a regular file"):
        read_secret_file(tmp_path)
    big = tmp_path / "big"
    big.write_text(generate_secret() * 100)
    big.chmod(0o600)
    with pytest.raises(SecretError, match="larger than a secret"):
        read_secret_file(big)
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe" * 40)
    binary.chmod(0o600)
    with pytest.raises(SecretError, match="characters other than"):
        read_secret_file(binary)


def test_the_teachers_guide_shows_the_command_not_a_secret():
    guide = (ROOT / "TEACHERS.md").read_text(encoding="utf-8")
    # the secret is made by a command (the server's first start, or `hub secret --out`), never typed in
    assert "mjlearn server start" in guide and "mjlearn hub secret" in guide and "another-long-secret" not in guide
    assert "MJLEARN_DB_SECRET='" not in guide and 'MJLEARN_DB_SECRET="' not in guide.replace('"$(cat', "")

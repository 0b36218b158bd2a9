"""A real IMAP server for the tests: Debian's dovecot, with a configuration of its own in a temporary folder.

It listens on loopback only, without TLS, with plain passwords from a file:
one mailbox user. Mail is put into the mailbox with IMAP APPEND, as a
delivery agent would have put it. `make test` installs dovecot-imapd.
"""

import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path

from live import wait_until
from smtp_sink import free_port

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"
USER, PASSWORD = "replies", "replies-password"

CONFIG = """\
base_dir = {folder}/run
state_dir = {folder}/state
log_path = {folder}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {internal}
default_internal_group = {internal_group}
default_login_user = {login}
first_valid_uid = {uid}
last_valid_uid = {uid}
mail_location = maildir:{folder}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {folder}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={folder}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
}}
"""


class DovecotServer:
    """dovecot in the foreground (`-F`), in its own process group, stopped with the test.

    Its folder is a temporary one of its own that every user may enter: dovecot's unprivileged processes
    read its password file and sockets (pytest's folders admit their owner only).
    """

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="cachette-dovecot-"))
        self.folder.chmod(0o755)
        self.port = free_port()
        self.process = None

    def start(self):
        if os.geteuid() == 0:                     # root: the package's own users, as a system install has them
            internal, login = "dovecot", "dovenull"
            account = pwd.getpwnam("dovecot")
        else:                                     # anyone else runs every part as themselves
            account = pwd.getpwuid(os.geteuid())
            internal = login = account.pw_name
        for name in ("run", "state", "mail"):
            (self.folder / name).mkdir(parents=True, exist_ok=True)
        os.chown(self.folder / "mail", account.pw_uid, account.pw_gid)
        (self.folder / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
        config = self.folder / "dovecot.conf"
        config.write_text(CONFIG.format(folder=self.folder, internal=internal, login=login, port=self.port,
                                        internal_group=grp.getgrgid(account.pw_gid).gr_name,
                                        uid=account.pw_uid, gid=account.pw_gid))
        self.process = subprocess.Popen([DOVECOT, "-F", "-c", str(config)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(self.answers, 20, f"dovecot did not start: {self.log()}")
        return self

    def answers(self):
        if self.process.poll() is not None:
            raise AssertionError(f"dovecot stopped: {self.log()}")
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                return connection.recv(100).startswith(b"* OK")
        except OSError:
            return False

    def log(self):
        path = self.folder / "dovecot.log"
        return path.read_text() if path.exists() else ""

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

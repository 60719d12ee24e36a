// Loads the Mroonga plugin into the MariaDB server at the URL given (`INSTALL SONAME 'ha_mroonga'`) unless the
// server already runs it. The Debian package's own post-install step cannot always load it (no server running then).
import mysql from "mysql2/promise";

const url = new URL((process.argv[2] ?? "mariadb://root@127.0.0.1:3306/").replace(/^mariadb:/, "mysql:"));
const conn = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
const running = async () => {
  const [rows] = await conn.query("SELECT SUPPORT AS support FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga'");
  return ["YES", "DEFAULT"].includes(rows[0]?.support);
};
if (!(await running())) await conn.query("INSTALL SONAME 'ha_mroonga'");
console.log(`Mroonga: ${(await running()) ? "running" : "NOT running"} on ${url.host}`);
await conn.end();

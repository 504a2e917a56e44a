// A mail server on loopback for the newsletter bench, in a process of its own so that its memory is not the sender's:
// accepts every message, counts them, and prints its port, then each thousandth message's count.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received++;
      if (received % 1000 === 0) process.stdout.write(`received ${received}\n`);
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`port ${(server.server.address() as AddressInfo).port}\n`));

import { startEmbeddedGateway } from "./server";

/** `npm run gateway`: the embedded gateway on its own, for other clients and for tests. */
async function main() {
  const gateway = await startEmbeddedGateway({ log: true });
  const stop = () => {
    void gateway.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`embedded gateway: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

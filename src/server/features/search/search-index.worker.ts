// A worker thread that indexes the search documents it is sent (decision 0066): the words of a whole site sorted and
// listed here, off the thread that answers requests, and handed back as MemorySearchIndex.inWorker takes them. Each
// message brings a step's documents; one with none asks for the parts, after which the thread ends.
import { parentPort } from "node:worker_threads";
import { movedBuffers, workerParts, type SearchDocumentRow } from "./search-memory.ts";

const port = parentPort!;
const documents: SearchDocumentRow[] = [];
port.on("message", (message: { documents: SearchDocumentRow[] | null }) => {
  if (message.documents) {
    for (const document of message.documents) documents.push(document);
    return;
  }
  const parts = workerParts(documents);
  port.postMessage(parts, movedBuffers(parts));
  port.close();
});

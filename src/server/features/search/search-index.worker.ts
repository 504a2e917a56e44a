// A worker thread that indexes the search documents (decision 0066): the words of a whole site sorted and listed
// here, off the thread that answers requests, and handed back as MemorySearchIndex takes them. Either it reads every
// document itself, on a connection of its own to the database it is told (`read`), and hands back the rows too; or
// each message brings a step's documents and one with none asks for the parts. The thread ends after answering.
import { parentPort } from "node:worker_threads";
import { openDatabase, type DatabaseTarget } from "#server/db/database.ts";
import { movedBuffers, workerParts, type SearchDocumentRow } from "./search-memory.ts";
import { SearchChangeRepository } from "./search-change.repository.ts";
import { lowestPriorityForThisThread } from "#server/lib/thread-priority.ts";

const port = parentPort!;
// No request waits for this thread: it yields the CPU to those that do.
lowestPriorityForThisThread();
const documents: SearchDocumentRow[] = [];

function answer(indexed: readonly SearchDocumentRow[], withRows: boolean): void {
  const parts = workerParts(indexed, withRows);
  port.postMessage(parts, movedBuffers(parts));
  port.close();
}

async function readAll(target: DatabaseTarget): Promise<SearchDocumentRow[]> {
  const database = openDatabase({ ...target, poolSize: 1 });
  try {
    return await new SearchChangeRepository(database.db).documents();
  } finally {
    await database.close();
  }
}

port.on("message", (message: { documents: SearchDocumentRow[] | null } | { read: DatabaseTarget }) => {
  if ("read" in message) {
    // A failed read ends the thread with its error, which the index's build reports.
    void readAll(message.read).then((read) => answer(read, true));
    return;
  }
  if (message.documents) {
    for (const document of message.documents) documents.push(document);
    return;
  }
  answer(documents, false);
});

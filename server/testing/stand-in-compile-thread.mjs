// A stand-in compile worker for the pool's tests: it speaks the pool's protocol but
// "compiles" by reading the source as an instruction: `busy N` keeps the thread busy for N
// ms, `crash` ends the thread, anything else answers at once with the source as message.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (job) => {
  const [word, arg] = job.source.split(' ');
  if (word === 'crash') process.exit(1);
  if (word === 'busy') {
    const until = Date.now() + Number(arg);
    while (Date.now() < until) {
      // a compile that does not end in time
    }
  }
  parentPort.postMessage({
    id: job.id,
    response: { result: false, data: [], message: job.source, autoRunState: false, status: 200 },
  });
});
parentPort.postMessage({ ready: true });

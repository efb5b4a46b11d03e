// Preloaded (`node --expose-gc -r`) into a server under test: SIGUSR2 forces a full collection,
// so a test can read the live heap from the metrics rather than whatever garbage is still there.
process.on('SIGUSR2', () => global.gc());

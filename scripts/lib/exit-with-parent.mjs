// Preloaded into each api process of start:prod (node --import, spawned with an IPC channel): when
// start:prod is gone — even by SIGKILL, which it cannot pass on — the channel closes and the process
// drains and exits as on SIGTERM, instead of serving on with nobody to stop it.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

// The host is an ordinary application (no share scope to negotiate before start-up): its entry is the bootstrap.
// The federation runtime arrives later, and only on a remote's route (federation.ts).
import './bootstrap';

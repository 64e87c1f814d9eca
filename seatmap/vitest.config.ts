import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_NAME__: JSON.stringify('seatmap'), __APP_VERSION__: JSON.stringify('test') },
  test: { environment: 'happy-dom', include: ['test/**/*.test.{ts,tsx}'] },
});

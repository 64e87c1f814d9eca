export * from './registry';
export * from './events';
export * from './errors';
export * from './catalog';
export * from './seats';
export * from './lists';
export * from './orders';
export * from './staff';

export * from './types';
export * from './rules';
export * from './method-params';
export * from './sun';
export * from './planner';
export * from './authorities';
export * from './place-defaults';
export * from '../time/zone-clock';

export * from './planner';
export * from './authorities';
export * from './place-defaults';

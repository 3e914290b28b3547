// The `tilepath/laya` entry: its code lives in js/engines/laya.js.
export * from './engines/laya.js';

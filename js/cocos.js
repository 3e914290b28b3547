// The `tilepath/cocos` entry: its code lives in js/engines/cocos.js.
export * from './engines/cocos.js';

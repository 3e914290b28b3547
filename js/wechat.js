// The `tilepath/wechat` entry: its code lives in js/engines/wechat.js.
export * from './engines/wechat.js';

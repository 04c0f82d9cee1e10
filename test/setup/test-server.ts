import { buildServer, loadConfig, type BuildOptions } from '@kiosk/server';
import { useServerFactory } from '@kiosk/testkit';

// The test kit boots the real server through this: the app is composed here, above every module.
useServerFactory((env, options) => buildServer(loadConfig(env), options as BuildOptions));

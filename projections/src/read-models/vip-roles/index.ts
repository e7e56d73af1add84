import type { Projector } from '../../projector.ts';
import { vipRoleAccuracyProjector } from './vip-role-accuracy.projector.ts';
import { vipRolesProjector } from './vip-roles.projector.ts';

export const vipRolesProjectors: Projector[] = [vipRolesProjector, vipRoleAccuracyProjector];

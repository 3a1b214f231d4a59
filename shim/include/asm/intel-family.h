/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Intel CPU models, for the model checks some drivers make against boot_cpu_data: both the
 * vendor-family-model form (6.10+, compared with x86_vfm) and the older family-6 model numbers.
 * Only the models crypto drivers test are listed.
 */
#ifndef _KCSHIM_ASM_INTEL_FAMILY_H
#define _KCSHIM_ASM_INTEL_FAMILY_H

#include <asm/processor.h>

#define VFM_MODEL_BIT	0
#define VFM_FAMILY_BIT	8
#define VFM_VENDOR_BIT	16
#define VFM_MAKE(_vendor, _family, _model) \
	(((_model) << VFM_MODEL_BIT) | ((_family) << VFM_FAMILY_BIT) | ((_vendor) << VFM_VENDOR_BIT))
#define VFM_MODEL(vfm)	(((vfm) >> VFM_MODEL_BIT) & 0xff)
#define VFM_FAMILY(vfm)	(((vfm) >> VFM_FAMILY_BIT) & 0xff)
#define VFM_VENDOR(vfm)	(((vfm) >> VFM_VENDOR_BIT) & 0xffff)
#define IFM(_fam, _model)	VFM_MAKE(X86_VENDOR_INTEL, _fam, _model)

#define INTEL_FAM6_ATOM_BONNELL		0x1C
#define INTEL_FAM6_ATOM_BONNELL_MID	0x26
#define INTEL_FAM6_ATOM_SALTWELL	0x36
#define INTEL_FAM6_ATOM_SALTWELL_MID	0x27
#define INTEL_FAM6_ATOM_SILVERMONT	0x37
#define INTEL_FAM6_SKYLAKE_X		0x55

#define INTEL_ATOM_BONNELL		IFM(6, INTEL_FAM6_ATOM_BONNELL)
#define INTEL_ATOM_BONNELL_MID		IFM(6, INTEL_FAM6_ATOM_BONNELL_MID)
#define INTEL_ATOM_SALTWELL		IFM(6, INTEL_FAM6_ATOM_SALTWELL)
#define INTEL_ATOM_SALTWELL_MID		IFM(6, INTEL_FAM6_ATOM_SALTWELL_MID)
#define INTEL_ATOM_SILVERMONT		IFM(6, INTEL_FAM6_ATOM_SILVERMONT)
#define INTEL_SKYLAKE_X			IFM(6, INTEL_FAM6_SKYLAKE_X)

#endif

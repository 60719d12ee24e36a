// Sample analysis articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const analysisArticles: SampleInput[] = [
  {
    title: "The Munitions Gap: Why Western Stockpiles Won't Recover Before the End of the Decade",
    slug: "the-munitions-gap-why-western-stockpiles-wont-recover-before-the-end-of-the-decade",
    excerpt: "Production of artillery shells and missiles is rising, but demand is rising faster. Our analysis of capacity, costs and lead times shows why stockpile recovery will take years, not months.",
    content: `Since 2022, Western governments have signed contracts worth tens of billions of dollars to expand production of artillery ammunition, air defence interceptors and precision-guided weapons. Output has grown substantially. Yet stockpiles remain below the levels planners consider necessary, and in some categories the gap is widening. This analysis examines why.

## Demand has outpaced supply

Three sources of demand are competing for the same production lines:

1. **Support to Ukraine**, which consumes artillery ammunition and air defence interceptors at rates not seen in Europe for generations
2. **Replenishment of national stockpiles** drawn down by donations
3. **New war-reserve targets** set under NATO's updated defence plans, which assume a longer, higher-intensity conflict than previous plans

Export demand from the Middle East and Asia adds further pressure, particularly for air defence systems.

## Lead times tell the story

| Munition type | Typical lead time (order to delivery) | Main constraint |
|---|---|---|
| 155mm artillery shell | 12-24 months | Energetics and propellant |
| Guided rocket (GMLRS class) | 18-30 months | Rocket motors, electronics |
| Air defence interceptor | 24-48 months | Seekers, rocket motors |
| Long-range cruise missile | 24-36 months | Engines, test capacity |

Lead times reflect not only factory capacity but also the availability of sub-components from specialised suppliers. Solid rocket motors, for example, have been a bottleneck for several missile programmes, with only a few qualified producers in the United States and Europe.

## The money is there, the capacity is not (yet)

Governments have moved to give industry more certainty, including through multiyear contracts and framework agreements. These have unlocked investment in new plants. However:

- New energetics facilities take three to five years to plan, permit and build
- Skilled workers are scarce, particularly in chemistry and precision manufacturing
- Unit costs have risen sharply, reducing the quantity bought for each euro or dollar
- Suppliers of raw materials, such as nitrocellulose and certain metals, face constraints of their own

> "We have fixed the demand signal problem. What we haven't fixed is physics and permitting," a senior European procurement official told this publication.

## Three scenarios to 2030

### Scenario 1: Steady ramp-up

Output continues to increase, new plants come online on schedule and demand from Ukraine stabilises. Artillery ammunition stockpiles approach their targets by the end of the decade; interceptor stocks remain short.

### Scenario 2: Demand shock

A new crisis, for example in the Indo-Pacific or the Middle East, triggers large additional demand for missiles and interceptors. Stocks fall again, and governments are forced to prioritise between theatres.

### Scenario 3: Political fatigue

Budgets tighten and contracts are delayed or cut back. Industry slows investment, and capacity built during the surge is underused or closed.

## What would help?

- **Standardisation:** fewer variants of the same munition type across allies
- **Joint procurement:** larger, longer orders that justify investment
- **Second sources:** qualifying more suppliers for critical components
- **Regulatory reform:** faster permitting for energetics plants, with safety standards maintained

## Bottom line

The munitions gap is not a failure of will. It is the result of decades of consolidation and low-volume production colliding with a sudden surge in demand. Recovery is under way, but it will be measured in years. Governments that sign long-term contracts now will be better positioned in the early 2030s than those that wait. For more, see our [land coverage](/category/land) and related [politics coverage](/category/politics).`,
    contentTier: "premium_analysis",
    author: "Rachel Moreau",
    isPremium: true,
    hoursAgo: 36,
  },
  {
    title: "What Ukraine's Drone War Is Teaching NATO Armies",
    slug: "what-ukraines-drone-war-is-teaching-nato-armies",
    excerpt: "Cheap drones have changed how armies fight, hide and supply themselves. NATO forces are adapting doctrine, training and procurement, but the pace of change in Ukraine is hard to match.",
    content: `Few aspects of the war in Ukraine have drawn as much attention from Western militaries as the use of drones. Small commercial quadcopters, first-person-view (FPV) attack drones and long-range one-way attack drones have transformed reconnaissance, artillery targeting and strikes deep behind the front line. NATO armies are now working to absorb those lessons.

## Five lessons from the front

1. **Transparency of the battlefield:** drones make it very difficult to concentrate forces without being detected
2. **Speed of adaptation:** drone designs and countermeasures change in weeks, not years
3. **Electronic warfare matters:** jamming and counter-jamming have become decisive in many engagements
4. **Mass is back:** cheap systems in large numbers can overwhelm expensive defences
5. **Logistics are targets:** supply vehicles and depots face a constant threat from drones

## How NATO armies are responding

### Doctrine and training

Several armies have revised training to assume constant drone surveillance. Units practise dispersing, camouflaging vehicles and moving at night. Drone operator courses have expanded, and some armies are creating drone platoons within infantry battalions.

### Procurement

Traditional procurement processes are poorly suited to equipment that may be obsolete within months. Some countries have created fast-track procedures for drones and counter-drone systems and are buying in smaller, more frequent batches.

### Air defence at the tactical level

Short-range air defence, neglected for decades, is again a priority. Armies are buying gun systems, missiles and electronic warfare equipment to protect units against drones, and are experimenting with interceptor drones.

> "In Ukraine, a battalion commander who doesn't understand drones will lose his battalion," a European army officer involved in training Ukrainian troops said.

## The limits of copying

Analysts warn against assuming that NATO would fight the same way. Allied forces would expect to have greater air power and long-range strike capabilities, which could change the dynamics considerably. But they agree that the era of uncontested movement on the battlefield is over.

## What's next?

Expect drones to feature prominently in upcoming budgets and exercises, along with growing investment in counter-drone systems. Related: our [land warfare coverage](/category/land).`,
    contentTier: "detailed_report",
    author: "Priya Raman",
    imageUrl: "/images/sample/soldiers.svg",
    imageAlt: "Illustration of soldiers in camouflage operating a small reconnaissance drone in a field",
    hoursAgo: 95,
  },
  {
    title: "Is the Arctic Becoming the Next Contested Theatre?",
    slug: "is-the-arctic-becoming-the-next-contested-theatre",
    excerpt: "Melting ice, new shipping routes and NATO's enlargement are changing the strategic geography of the High North. The military build-up is real, but so are the limits imposed by the environment.",
    content: `The Arctic has long been described as a region of "high north, low tension". That description is increasingly difficult to sustain. Russia has reopened and modernised Soviet-era bases, NATO has expanded to include Finland and Sweden, and China has declared itself a "near-Arctic state" with growing interests in the region.

## Why the Arctic matters militarily

- **Nuclear deterrence:** Russia's ballistic missile submarines are based on the Kola Peninsula, making the surrounding seas vital to its strategic forces
- **Transatlantic links:** the Greenland-Iceland-UK gap is a key chokepoint for submarines heading into the Atlantic
- **Missile warning:** early warning radars in Greenland and Alaska are part of North American air defence
- **Shipping routes:** the Northern Sea Route could eventually shorten voyages between Europe and Asia

## What's changed?

### Finland and Sweden in NATO

The accession of Finland and Sweden has transformed NATO's position in the north. The alliance now has a long land border with Russia in the Arctic, as well as strong Nordic air forces and deep expertise in cold-weather operations.

### Russian posture

Russia has built or refurbished airfields, radar stations and air defence sites along its northern coast. However, many of its ground forces in the region have been drawn down by the war in Ukraine, according to Western assessments.

## The limits of competition

The Arctic environment remains extraordinarily difficult. Extreme cold, darkness and distance complicate military operations and make infrastructure costly. Ice conditions vary from year to year, and the Northern Sea Route is still seasonal for most vessels.

> "The Arctic punishes anyone who underestimates it, friend or foe," a Norwegian officer said during a recent exercise.

## Where this could lead

Tensions in the region are likely to remain tied to wider relations between Russia and the West rather than to Arctic disputes themselves. NATO is likely to increase exercises, surveillance and infrastructure in the north, while avoiding steps that could be seen as provocative. For more, read our [naval coverage](/category/sea).`,
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    imageUrl: "/images/sample/map.svg",
    imageAlt: "Stylised map of the Arctic region showing the Northern Sea Route and the Greenland-Iceland-UK gap",
    hoursAgo: 180,
  },
  {
    title: "Five Questions About the New Defense Budget Request",
    slug: "five-questions-about-the-new-defense-budget-request",
    excerpt: "The administration's budget request is out. Here are five questions that will shape how Congress responds, from shipbuilding to munitions and the timing of appropriations.",
    content: `The administration has released its defense budget request for the coming fiscal year. Here are five questions that will shape the debate in Congress over the coming months.

### 1. Is the topline enough?

The request increases defense spending in nominal terms, but inflation eats into much of the growth. Defence hawks in both parties argue that the request does not keep pace with the threats identified in the national defense strategy. Others say the department must first show it can spend existing funds efficiently and pass a clean audit.

### 2. What happens to shipbuilding?

The Navy's request funds fewer ships than lawmakers from shipbuilding states had hoped. Expect efforts to add ships during markup, particularly attack submarines and amphibious vessels.

### 3. Are munitions getting the priority they need?

Multiyear procurement for missiles remains a priority. The key question is whether funding matches the capacity industry is building, or whether new production lines will sit partly idle.

### 4. Where are the cuts?

To fund its priorities, the department proposes retiring older aircraft and ships. Such proposals have often been rejected by Congress in the past, particularly when local bases and jobs are affected.

### 5. Will there be a budget on time?

Given recent history, a continuing resolution at the start of the fiscal year is likely. The longer it lasts, the more new programmes will be delayed.

**Bottom line:** the budget request is the start of the debate, not the end. Follow our [politics coverage](/category/politics) for updates as committees mark up their bills.`,
    hoursAgo: 300,
  },
  {
    title: "Space as a Warfighting Domain: How Militaries Are Preparing for Conflict in Orbit",
    slug: "space-as-a-warfighting-domain-how-militaries-are-preparing-for-conflict-in-orbit",
    excerpt: "From counter-space weapons to resilient constellations, armed forces now treat space as a domain of conflict. What that means for deterrence, alliances and the commercial sector.",
    content: `Space has been militarised for decades, with satellites providing communications, navigation, early warning and intelligence. What has changed is the expectation that space itself could become a battlefield. Militaries now openly discuss how to protect their satellites and, in some cases, how to deny adversaries the use of theirs.

## The threat picture

Western governments have identified a growing range of counter-space capabilities:

- **Direct-ascent anti-satellite missiles**, demonstrated in destructive tests by several countries
- **Co-orbital systems** capable of approaching and potentially interfering with other satellites
- **Ground-based jammers and lasers** targeting communications and imaging satellites
- **Cyber attacks** on ground stations and satellite control systems

A destructive anti-satellite test conducted by Russia in 2021 created more than a thousand pieces of trackable debris, drawing international condemnation and prompting a number of countries to commit not to conduct such tests.

## Resilience through numbers

A major response has been to move from a few large, expensive satellites toward larger constellations of smaller ones. The U.S. Space Force's proliferated architecture, for example, relies on hundreds of satellites in low Earth orbit for data transport and missile tracking.

### Allied efforts

- France and Germany have created space commands and announced investments in satellite protection
- The United Kingdom has published a defence space strategy and invested in surveillance satellites
- Japan has expanded its space operations units and is working on missile-tracking capabilities
- NATO has recognised space as an operational domain and established a space centre

## Deterrence and norms

Space deterrence is complicated by the difficulty of attribution and the dual-use nature of many technologies. Several countries have promoted norms of responsible behaviour, including the moratorium on destructive anti-satellite tests.

> "The best outcome is that conflict never extends to space. The way to get there is to make attacking satellites pointless, not just dangerous," a European space official said.

## What's next?

Expect more investment in space domain awareness, manoeuvrable satellites and commercial partnerships. See also our [intelligence coverage](/category/intelligence).`,
    contentTier: "detailed_report",
    author: "Tom Becker",
    hoursAgo: 450,
  },
];

import sys

from pairings.cli import main

sys.exit(main())

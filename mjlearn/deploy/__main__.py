import sys

from . import HUB_CONFIG, START_DB

if __name__ == "__main__":
    print(f"JupyterHub configuration / JupyterHub 配置: {HUB_CONFIG}")
    print(f"class database start script / 班级数据库启动脚本: {START_DB}")
    print("a whole class server (database and hub) in one folder / 整个班级服务器（数据库和 hub）在一个文件夹中:")
    print(f"  {sys.executable} -m mjlearn server start --root /srv/mjlearn --teachers NAME  (TEACHERS.md)")
    print("or the class database alone, with this Python (the one that has mjlearn) / 或只启动班级数据库:")
    print(f"  MJLEARN_PYTHON={sys.executable} MJLEARN_OWNER_PWFILE=~/owner.pw sh {START_DB} ~/mjlearn-db 5432")
